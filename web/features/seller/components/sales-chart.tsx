import type { SalesSummary } from '../../../../contract/stock.ts';
import { sellerUi as ui } from '../../../../contract/texts/seller-ui.ts';

const width = 600;
const height = 160;
const gap = 2;

/**
 * 30 days of revenue as plain SVG bars (no chart library, nothing added to the shell): each bar's title
 * names its day, units and credits; the totals are written out above the chart.
 */
export function SalesChart({ days }: { days: SalesSummary['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const barWidth = width / days.length - gap;
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 20}`}
      role="img"
      aria-label={ui.chartLabel}
      className="h-auto w-full text-primary"
    >
      {days.map((d, i) => {
        const h = Math.round((d.revenue / max) * height);
        return (
          <rect
            key={d.date}
            x={i * (barWidth + gap)}
            y={height - h}
            width={barWidth}
            height={Math.max(h, d.units > 0 ? 2 : 0)}
            rx={2}
            className="fill-current"
          >
            <title>{ui.chartBar(d.date, d.units, d.revenue)}</title>
          </rect>
        );
      })}
      {/* Presentation attributes, not classes: nothing added to the site's one stylesheet. */}
      <line x1={0} y1={height} x2={width} y2={height} stroke="currentColor" opacity={0.3} />
      <text x={0} y={height + 16} fill="currentColor" opacity={0.7} fontSize={11}>
        {days[0]?.date}
      </text>
      <text x={width} y={height + 16} textAnchor="end" fill="currentColor" opacity={0.7} fontSize={11}>
        {days.at(-1)?.date}
      </text>
    </svg>
  );
}
