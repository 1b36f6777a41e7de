import { errorMessage } from './api.ts';
import toast from './toast.ts';

/**
 * A mutation's outcome as toasts, for its `mutate(…, options)`: `done` (or words chosen from the result),
 * then `then`, on success; the server's message, else `failed`, on error.
 */
export function toastOutcome<R>(done: string | ((result: R) => string), failed: string, then?: () => void) {
  return {
    onSuccess: (result: R) => {
      toast.success(typeof done === 'string' ? done : done(result));
      then?.();
    },
    onError: (err: unknown) => toast.error(errorMessage(err, failed)),
  };
}
