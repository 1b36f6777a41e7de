import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/button.tsx';

/** The bell and its dropdown; unread counts and items come with the notifications feature. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={buttonClasses('ghost', 'icon', open ? 'bg-surface-2 text-fg' : undefined)}
      >
        <Bell className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-4 shadow-xl shadow-black/20"
        >
          <h2 className="text-sm font-semibold">Notifications</h2>
          <div className="mt-4 flex flex-col items-center gap-2 py-4 text-center text-sm text-muted">
            <BellOff className="size-6" aria-hidden="true" />
            <p>You're all caught up.</p>
          </div>
        </div>
      )}
    </div>
  );
}
