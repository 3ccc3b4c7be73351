import { Readable } from 'node:stream';

/** One CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
const field = (value: unknown) => {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One RFC 4180 CSV line (CRLF). */
const line = <T extends Record<string, unknown>>(columns: readonly (keyof T & string)[], row: T) =>
  `${columns.map((c) => field(row[c])).join(',')}\r\n`;

/** Rows fetched per query while a CSV streams. */
export const CSV_BATCH_ROWS = 1_000;

/**
 * A CSV of every matching row, streamed: the header, then batches of `CSV_BATCH_ROWS` fetched one
 * after another (`fetch(limit, offset)`, in a stable order), so an export of any size neither
 * stops at a cap nor holds every row in memory. The first batch is read before the answer starts,
 * so a refused or failing query is still a proper error answer.
 */
export const csvStream = async <T extends Record<string, unknown>>(
  columns: readonly (keyof T & string)[],
  fetch: (limit: number, offset: number) => Promise<T[]>,
  batch = CSV_BATCH_ROWS,
): Promise<Readable> => {
  const first = await fetch(batch, 0);
  async function* lines() {
    yield `${columns.join(',')}\r\n`;
    let rows = first;
    let offset = 0;
    while (rows.length > 0) {
      yield rows.map((row) => line(columns, row)).join('');
      if (rows.length < batch) return;
      offset += rows.length;
      rows = await fetch(batch, offset);
    }
  }
  return Readable.from(lines(), { objectMode: false });
};
