import { useRouteError } from 'react-router';
import { QueryError } from '@/components/ui/QueryError';

/** A route that failed to load (a chunk after a deploy, a thrown error). */
export function RouteError() {
  const error = useRouteError();
  return (
    <main style={{ padding: 24 }}>
      <QueryError error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}
