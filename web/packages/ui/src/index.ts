// @palaro/ui: accessible primitives for the storefront (on Preact's compat
// build) and the console (React). They hold no strings: the app passes its
// translated labels. The page's stylesheet defines the colour variables
// (--c-*), .sr-only and html.scroll-locked.
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { Spinner, type SpinnerProps } from './Spinner';
export { Dialog, DIALOG_FADE_MS, prefersReducedMotion, type DialogProps, type DialogSize } from './Dialog';
export { TextField, SelectField, type TextFieldProps, type SelectFieldProps } from './FormField';
export { DataTable, type Column, type DataTableProps, type DataTableLabels } from './DataTable';
export { sortRows, filterRows, paginate, nextSort, type Sort, type SortDir } from './table';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { Pager, type PagerProps, type PagerLabels } from './Pager';
export { pagerItems, PAGER_MARGIN, PAGER_RANGE, type PagerItem } from './pager';
export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from './State';
export { ToastProvider, useToast, type ToastKind } from './Toast';
export { DateRangePicker, isRangeValid, type DateRange, type DateRangeLabels } from './DateRangePicker';
