// CSV as RFC 4180 has it (CRLF, quotes doubled), with a byte-order mark so Excel reads UTF-8,
// and every cell that a spreadsheet would run as a formula defused with a leading apostrophe.
// Ten lines of our own: csv-stringify would do the quoting but not the formula guard.

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  let text = value == null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

export const UTF8_BOM = "\uFEFF";
