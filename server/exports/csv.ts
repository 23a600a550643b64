/**
 * Spreadsheet cells that are safe to open, and CSV as Swedish Excel reads it. Pure functions; the
 * XLSX writer (xlsx.ts) uses the same neutralising.
 */

/** One cell: text from the database (neutralised), a number we computed, or empty. */
export type Cell = string | number | null;

/** A table to export: Swedish headers and rows of cells in the same order. */
export interface ExportTable {
  headers: string[];
  rows: Cell[][];
  /** A last row of totals ('Summa'), not counted among the rows. */
  footer?: Cell[];
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet shows as text, never runs: a value starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading single quote (OWASP). Numbers never pass through here: they are ours.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A number as Swedish Excel reads it: a decimal comma ('14,2'), no thousands separator. */
export function formatCsvNumber(value: number): string {
  return String(value).replace('.', ',');
}

/** UTF-8 byte order mark: without it Excel reads the file as Windows-1252 and breaks å, ä, ö. */
export const BOM = '\uFEFF';

/** One CSV field: quoted when it holds the separator, a quote, or a line break (RFC 4180). */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? formatCsvNumber(cell) : neutraliseCell(cell);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The table as a CSV file for Swedish Excel: UTF-8 with BOM, semicolons between fields (Excel's list
 * separator where the decimal separator is a comma), CRLF after every line, quoted fields as needed.
 */
export function buildCsv(table: ExportTable): string {
  const all = table.footer ? [...table.rows, table.footer] : table.rows;
  const lines = [table.headers, ...all].map((row) => row.map(csvField).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
