import { useEffect } from 'react';
import { ApiError } from './api.ts';
import toast from './toast.ts';

/** Spec §9: session and profile loads retry 3 times, 1 s apart. Client errors (4xx) are final. */
export const loadRetry = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  retryDelay: 1000,
  // Once the retries are spent, a newly mounted page does not start another round (reconnecting does).
  retryOnMount: false,
};

/** Shows `message` once when a query has failed and is retrying (the id keeps it to one toast). */
export function useRetryToast(
  query: { failureCount: number; isFetching: boolean },
  id: string,
  message: string,
): void {
  const retrying = query.failureCount > 0 && query.isFetching;
  useEffect(() => {
    if (retrying) toast.error(message, { id });
  }, [retrying, id, message]);
}
