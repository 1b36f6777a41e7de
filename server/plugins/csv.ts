import type { FastifyReply } from 'fastify';

/**
 * One CSV cell. A text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with
 * a quote; a cell holding a quote, comma or line break is quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole document: the header, then a line per row, CRLF-terminated (RFC 4180). */
export function csvDocument(header: readonly string[], rows: Iterable<(string | number | null)[]>) {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Answers a CSV download; never cached (it is the member's own money). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
