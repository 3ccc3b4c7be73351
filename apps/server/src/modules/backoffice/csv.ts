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

/** RFC 4180 CSV (CRLF lines) with a header row. */
export const toCsv = <T extends Record<string, unknown>>(
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
) =>
  [columns.join(','), ...rows.map((row) => columns.map((c) => field(row[c])).join(','))].join('\r\n') +
  '\r\n';

/** Lists export at most this many rows in one CSV. */
export const CSV_MAX_ROWS = 10_000;
