import { SearchX } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';

export function CatalogEmpty({ title, body }: { title: string; body?: string }) {
  return <EmptyState title={title} description={body} icon={<SearchX size={28} strokeWidth={1.75} />} />;
}

export function CatalogError({ error, onRetry, compact }: { error?: unknown; onRetry(): void; compact?: boolean }) {
  return <ErrorState error={error} onRetry={onRetry} compact={compact} />;
}
