import { cn } from '../../lib/cn.ts';

/** A settled dispute's outcome (who got what) and staff's note, if they wrote one. */
export function SettlementNote({
  summary,
  noteLabel,
  note,
  className,
}: {
  summary: string;
  noteLabel: string;
  note: string | null;
  className?: string;
}) {
  return (
    <div className={cn('rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm', className)}>
      <p className="font-medium">{summary}</p>
      {note && (
        <p className="mt-1 break-words whitespace-pre-line text-muted">
          <span className="font-medium text-fg">{noteLabel}</span> {note}
        </p>
      )}
    </div>
  );
}
