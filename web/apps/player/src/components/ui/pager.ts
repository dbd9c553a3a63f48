// Which page buttons a pager shows (spec section 9: margin 1, range 5), shared with the console.
export { pagerItems, PAGER_MARGIN, PAGER_RANGE, type PagerItem } from '@palaro/ui/src/pager';
