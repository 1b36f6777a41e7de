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
 * True from the first time `open` is: a dialog's code (Radix, about 12 KB compressed) is fetched when it is
 * first opened rather than with every page that could open one, and stays mounted after, so closing behaves
 * as Radix does (focus back to the opener).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A modal dialog (Radix: focus trap, Escape to close, focus returns to the opener). */
export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
