// CSV as RFC 4180 has it (CRLF, quotes doubled), with a byte-order mark so Excel reads UTF-8,
// and every cell that a spreadsheet would run as a formula defused with a leading apostrophe.
// Our own few lines: csv-stringify would do the quoting but not the formula guard.

export type CsvValue = string | number | null | undefined;

/**
 * Everywhere a spreadsheet might start a cell inside our text: its start, and just after a
 * comma or semicolon (either is the list separator, depending on the locale; a spreadsheet
 * splitting at the one we don't write ignores our quotes, since that cell doesn't start at its
 * separator) or a line break (which ends the row in such a reading). A cell there is a formula
 * when it starts with =, +, - or @ (some spreadsheets first trim spaces and quotes), or with a
 * tab or carriage return. Each such cell start gets an apostrophe, so it reads as text.
 */
const FORMULA_CELL_START = /(^|[,;\r\n])(?=(?:[^\S\r\n]|")*[=+\-@]|[\t\r])/g;

export function csvCell(value: CsvValue): string {
  let text = value == null ? "" : String(value);
  text = text.replace(FORMULA_CELL_START, "$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

export const UTF8_BOM = "\uFEFF";
