import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';

/** What the buyer received (the content link, their keys), in the green box under the listing. */
export function DeliveredBox({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="mt-6 flex items-start gap-3 rounded-xl border border-success/30 bg-success/10 p-4"
    >
      <KeyRound className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </section>
  );
}
