import { lazy, type ReactNode, Suspense, useState } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

const ModalDialog = lazy(() => import('./modal-dialog.tsx').then((m) => ({ default: m.ModalDialog })));

/**
 * A dialog's lazily loaded modal (`children`), mounted from the first time `open` is: a dialog's code (Radix,
 * about 12 KB compressed) is fetched when it is first opened rather than with every page that could open
 * one, and stays mounted after, so closing behaves as Radix does (focus back to the opener).
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** A modal dialog (Radix: focus trap, Escape to close, focus returns to the opener). */
export function Dialog(props: DialogProps) {
  return (
    <OpenedOnce open={props.open}>
      <ModalDialog {...props} />
    </OpenedOnce>
  );
}
