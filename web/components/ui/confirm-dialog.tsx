import { lazy, useState } from 'react';
import { OpenedOnce } from './dialog.tsx';

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

/**
 * An action asked first: `ask()` opens the dialog, whose confirm runs `run(close)`; `dialog` spreads into
 * ConfirmDialog (its open state, the confirm and whether the action is pending).
 */
export function useConfirm(run: (close: () => void) => void, pending: boolean) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return {
    ask: () => setOpen(true),
    dialog: { open, onOpenChange: setOpen, onConfirm: () => run(close), pending },
  };
}

/** Asks before a destructive action (spec §8 confirmations); the action's button says what it does. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OpenedOnce open={props.open}>
      <ModalConfirmDialog {...props} />
    </OpenedOnce>
  );
}
