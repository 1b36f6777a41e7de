import type { AdminActivity } from '../../../../contract/admin.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { formatDateParts, formatNumber } from '../../../lib/format.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';

type Day = AdminActivity['days'][number];
type SeriesKey = 'signups' | 'posts' | 'sales';

const series: { key: SeriesKey; label: () => string; color: string; dash?: string }[] = [
  { key: 'signups', label: () => ui.signUps, color: 'var(--cm-primary)' },
  { key: 'posts', label: () => ui.posts, color: 'var(--cm-success)', dash: '6 4' },
  { key: 'sales', label: () => ui.sales, color: '#f59e0b', dash: '2 3' },
];

const width = 600;
const height = 180;
const pad = { top: 8, bottom: 8 };

/** A round top for the scale: 4 or more, then 1, 2, 5 × 10ⁿ steps of a quarter. */
function niceMax(max: number) {
  if (max <= 4) return 4;
  const step = max / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 5, 10].find((n) => n * power >= step) ?? 10;
  return nice * power * 4;
}

const dayLabel = (date: string) =>
  formatDateParts(`${date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The dashboard's 30-day chart of sign-ups, forum posts and sales, drawn as SVG lines (no chart
 * library). Colour is not the only cue (each line has its own dash); the same numbers are in a table
 * for screen readers and anyone who opens it, and every day has a hover title.
 */
export function ActivityChart({ days }: { days: Day[] }) {
  const id = useDomId();
  const totals = Object.fromEntries(
    series.map((s) => [s.key, days.reduce((sum, d) => sum + d[s.key], 0)]),
  ) as Record<SeriesKey, number>;
  const top = niceMax(Math.max(0, ...days.flatMap((d) => series.map((s) => d[s.key]))));
  const step = days.length > 1 ? width / (days.length - 1) : width;
  const x = (i: number) => i * step;
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / top);
  const summary = ui.chartSummary(
    days.length,
    formatNumber(totals.signups),
    formatNumber(totals.posts),
    formatNumber(totals.sales),
  );
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        {ui.chartCaption} {summary}
      </figcaption>
      <ul className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <svg width="22" height="8" aria-hidden="true" className="shrink-0">
              <line
                x1="1"
                y1="4"
                x2="21"
                y2="4"
                stroke={s.color}
                strokeWidth="3"
                strokeDasharray={s.dash}
                strokeLinecap="round"
              />
            </svg>
            <span className="text-muted">{s.label()}</span>
            <span className="font-semibold tabular-nums">{formatNumber(totals[s.key])}</span>
          </li>
        ))}
      </ul>
      <div className="relative">
        <div
          className="pointer-events-none absolute top-0 left-0 text-[11px] text-muted tabular-nums"
          aria-hidden="true"
        >
          {formatNumber(top)}
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="block h-40 w-full overflow-visible sm:h-48"
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          {[0, 0.25, 0.5, 0.75, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={width}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="var(--cm-line)"
              strokeWidth="1"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <polygon
            fill="var(--cm-primary)"
            fillOpacity="0.12"
            points={`0,${y(0)} ${days.map((d, i) => `${x(i)},${y(d.signups)}`).join(' ')} ${x(days.length - 1)},${y(0)}`}
          />
          {series.map((s) => (
            <polyline
              key={s.key}
              fill="none"
              stroke={s.color}
              strokeWidth="2.5"
              strokeDasharray={s.dash}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
            />
          ))}
          {days.map((d, i) => (
            <rect
              key={d.date}
              x={Math.max(0, x(i) - step / 2)}
              y={0}
              width={step}
              height={height}
              fill="transparent"
              className="hover:fill-primary/10"
            >
              <title>{ui.chartDay(dayLabel(d.date), d.signups, d.posts, d.sales)}</title>
            </rect>
          ))}
        </svg>
      </div>
      {first && last && (
        <div className="mt-1 flex justify-between text-[11px] text-muted" aria-hidden="true">
          <time dateTime={first.date}>{dayLabel(first.date)}</time>
          <span>{ui.today}</span>
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary">
          {ui.showAsTable}
        </summary>
        <div className="mt-2 max-h-64 overflow-auto rounded-xl border border-line">
          <table className="w-full text-sm">
            <caption className="sr-only">{ui.tableCaption(days.length)}</caption>
            <thead className="sticky top-0 bg-surface">
              <tr className="border-b border-line text-left text-xs text-muted uppercase">
                <th scope="col" className="px-3 py-2 font-semibold">
                  {ui.day}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-semibold">
                    {s.label()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    <time dateTime={d.date}>{dayLabel(d.date)}</time>
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                      {formatNumber(d[s.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
