import * as RadixDialog from '@radix-ui/react-dialog';
import { commonUi } from '../../../contract/texts/common-ui.ts';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { Button } from './button.tsx';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

/** The Radix side of ConfirmDialog (confirm-dialog.tsx), in its own chunk. */
export function ModalConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <RadixDialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-fg shadow-2xl focus:outline-none"
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm leading-relaxed text-muted">
            {message}
          </RadixDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <RadixDialog.Close asChild>
              <Button variant="outline" size="sm">
                {shellUi.cancel}
              </Button>
            </RadixDialog.Close>
            <Button variant="danger" size="sm" loading={pending} onClick={onConfirm}>
              {confirmLabel ?? commonUi.delete}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
