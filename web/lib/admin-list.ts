import { useState } from 'react';
import { toastOutcome } from './toast-outcome.ts';
import { useFailureToast } from './use-failure-toast.ts';

/** A paged admin list's infinite query, as the list shell reads it. */
export interface AdminListQuery<T> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A paged admin list's rows so far; a failed load is a toast (one per list, however often it fails). */
export function useAdminList<T>(query: AdminListQuery<T>, failedText: string, toastId: string): T[] {
  useFailureToast(query.isError, toastId, failedText, query.error);
  return query.data?.pages.flatMap((p) => p.items) ?? [];
}

/** Asks before a row action: the row waiting for confirmation, and the dialog's open state bound to it. */
export function useRowConfirm<T>() {
  const [row, setRow] = useState<T | undefined>();
  return {
    row,
    ask: setRow,
    close: () => setRow(undefined),
    dialog: { open: row !== undefined, onOpenChange: (open: boolean) => !open && setRow(undefined) },
  };
}

interface RowRemover {
  mutate: (id: string, outcome: ReturnType<typeof toastOutcome<unknown>>) => void;
  isPending: boolean;
}

/** Deleting a row, asked first: `ask(row)` opens the dialog, whose confirm deletes it with toasts. */
export function useRowDelete<T extends { id: string }>(remove: RowRemover, done: string, failed: string) {
  const confirm = useRowConfirm<T>();
  const { row, close } = confirm;
  return {
    row,
    ask: confirm.ask,
    dialog: {
      ...confirm.dialog,
      pending: remove.isPending,
      onConfirm: () => row && remove.mutate(row.id, toastOutcome(done, failed, close)),
    },
  };
}
