import { type DateInput, formatDateLong, formatDateShort, toIsoString } from '../../lib/format.ts';

/**
 * A moment as a page shows it: a <time> carrying the ISO value, reading the long date, or with `short` the
 * short one (`titled`: the long one as its tooltip).
 */
export function DateTime({
  at,
  short = false,
  titled = false,
  className,
}: {
  at: DateInput;
  short?: boolean;
  titled?: boolean;
  className?: string;
}) {
  return (
    <time dateTime={toIsoString(at)} title={titled ? formatDateLong(at) : undefined} className={className}>
      {short ? formatDateShort(at) : formatDateLong(at)}
    </time>
  );
}
