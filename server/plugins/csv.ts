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
function csvDocument(header: readonly string[], rows: Iterable<Cells>) {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

type Cells = (string | number | null)[];

/**
 * A member's whole list as one document, read `batch` rows at a time along its keyset, so no statement grows
 * with the member: `read(after, batch)` answers the rows after a key in order (it may add one more, as a
 * keyset page does), `keyOf` a row's key, `cells` its line. Fewer rows than `batch` end the list.
 */
export async function csvInBatches<Row, Key>(
  header: readonly string[],
  batch: number,
  read: (after: Key | undefined, batch: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  cells: (row: Row) => Cells,
) {
  const lines: Cells[] = [];
  let after: Key | undefined;
  for (;;) {
    const found = await read(after, batch);
    const rows = found.slice(0, batch);
    for (const row of rows) lines.push(cells(row));
    const last = rows.at(-1);
    if (last === undefined || found.length < batch) break;
    after = keyOf(last);
  }
  return csvDocument(header, lines);
}

/** Answers a CSV download; never cached (it is the member's own money). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
