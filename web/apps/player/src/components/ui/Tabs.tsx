// Accessible tabs (WAI-ARIA tabs pattern), shared with the console.
export { Tabs, type TabItem, type TabsProps } from '@palaro/ui/src/Tabs';
