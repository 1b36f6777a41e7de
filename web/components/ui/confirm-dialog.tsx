import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
}

const ModalConfirmDialog = lazy(() =>
  import('./modal-confirm-dialog.tsx').then((m) => ({ default: m.ModalConfirmDialog })),
);

/** Asks before a destructive action (spec §8 confirmations); the action's button says what it does. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalConfirmDialog {...props} />
    </Suspense>
  );
}
