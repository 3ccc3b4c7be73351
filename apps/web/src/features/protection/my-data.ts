/**
 * Data rights (issue 16): the member's data, downloaded as it came (JSON) or as CSV, one file per
 * section of rows (pure, tested in my-data.test.ts).
 */
type Row = Record<string, unknown>;

const cell = (value: unknown) => {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows as CSV: the union of their keys as the header, in first-seen order; CRLF line ends. */
export const rowsToCsv = (rows: readonly Row[]) => {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const lines = [
    columns.map(cell).join(','),
    ...rows.map((row) => columns.map((c) => cell(row[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
};

/**
 * Every list of rows in the data, named by its path (`transactions`, `profile.sessions`…); a single
 * object (the profile) is a list of one row.
 */
export const tablesOf = (sections: Record<string, unknown>) => {
  const tables: { name: string; rows: Row[] }[] = [];
  const visit = (name: string, value: unknown) => {
    if (Array.isArray(value)) tables.push({ name, rows: value as Row[] });
    else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Row);
      if (entries.every(([, v]) => !Array.isArray(v))) tables.push({ name, rows: [value as Row] });
      else for (const [key, inner] of entries) visit(`${name}.${key}`, inner);
    }
  };
  for (const [name, value] of Object.entries(sections)) visit(name, value);
  return tables;
};

/** Saves text as a file through a temporary link. */
export const saveFile = (name: string, text: string, type: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
