import { useEffect, useRef } from 'react';
import toast, { type Toast, ToastBar, Toaster, useToasterStore } from 'react-hot-toast';

/*
 * The toasts' library and their screen part, in a chunk of their own (web/lib/toast.ts loads it): nothing of
 * them is in the first screen's code.
 */
export { toast };

/** Spec §9: at most 20 toasts at once; older ones are dismissed first. */
const MAX_TOASTS = 20;

/** The rules over all toasts: the spec's limit, and a form's errors retired when it is submitted again. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const t of visible.slice(MAX_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);
  // Submitting a form again retires the errors of its last attempt: a stale "You must provide a content
  // link" must not sit beside "Listing created successfully". Every form submits through a native submit
  // event (react-hook-form's handleSubmit included), so this one listener covers them all.
  const errors = useRef<string[]>([]);
  errors.current = toasts.filter((t) => t.visible && t.type === 'error').map((t) => t.id);
  useEffect(() => {
    const dismissErrors = () => {
      for (const id of errors.current) toast.dismiss(id);
    };
    document.addEventListener('submit', dismissErrors, true);
    return () => document.removeEventListener('submit', dismissErrors, true);
  }, []);
  return null;
}

/** react-hot-toast's own durations are the spec's: 4 s default and error, 2 s success, loading until done. */
export function ToasterUi() {
  return (
    <>
      <Toaster
        position="top-center"
        containerStyle={{ top: 76 }}
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          className: 'text-sm',
          style: {
            background: 'var(--cm-surface)',
            color: 'var(--cm-fg)',
            border: '1px solid var(--cm-line)',
            borderRadius: '0.875rem',
            boxShadow: '0 10px 30px -10px rgb(0 0 0 / 0.35)',
            maxWidth: '28rem',
          },
        }}
      >
        {(t) => <ToastBar toast={withAlertRole(t)} />}
      </Toaster>
      <ToastLimit />
    </>
  );
}

/** Errors interrupt a screen reader (role alert); other toasts wait politely (role status). */
function withAlertRole(t: Toast): Toast {
  return t.type === 'error' ? { ...t, ariaProps: { role: 'alert', 'aria-live': 'assertive' } } : t;
}
