import { formatDateLong, toIsoString } from '../../../lib/format.ts';

export function Edited({ at }: { at: string }) {
  return (
    <span className="text-xs text-muted">
      (edited <time dateTime={toIsoString(at)}>{formatDateLong(at)}</time>)
    </span>
  );
}
