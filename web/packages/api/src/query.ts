import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './envelope';

/**
 * The query client's defaults for every app: client errors (4xx) do not change
 * on retry, network and 5xx get two more tries; mutations are never retried
 * (money mutations send an Idempotency-Key instead).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
