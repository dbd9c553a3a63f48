// Shared UI primitives. Features import from '@/components/ui'; what the home
// page renders at first paint (the shell, the home route's sections) imports
// each file directly, so Dialog, Tabs and Pager stay out of its chunks.
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { IconButton, type IconButtonProps } from './IconButton';
export { Spinner, type SpinnerProps } from './Spinner';
export { Skeleton, SkeletonText, type SkeletonProps } from './Skeleton';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { errorMessage, errorCode } from './errorMessage';
export { Dialog, DIALOG_FADE_MS, prefersReducedMotion, type DialogProps, type DialogSize } from './Dialog';
export { Pager, type PagerProps } from './Pager';
export { pagerItems, PAGER_MARGIN, PAGER_RANGE, type PagerItem } from './pager';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
// SafeHtml is imported from '@/components/ui/SafeHtml' directly so it stays out of the entry chunk.
