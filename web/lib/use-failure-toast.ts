import { useEffect } from 'react';
import { errorMessage } from './api.ts';
import toast from './toast.ts';

/**
 * Says, as a toast with this `id` (so never twice at once), that something the page loads failed: the
 * server's message when `error` is given, else `message`. A new error says it again.
 */
export function useFailureToast(failed: boolean, id: string, message: string, error?: unknown) {
  useEffect(() => {
    if (failed) toast.error(error === undefined ? message : errorMessage(error, message), { id });
  }, [failed, id, message, error]);
}
