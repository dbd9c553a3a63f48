// CSV files the browser writes (the console's exports), by the same rules as
// the server's files (internal/platform/csvx: the account record, console lists and reports): a UTF-8 BOM so
// spreadsheet programs read UTF-8, RFC 4180 quoting, and a free-text cell
// that starts with = + - @ (or a tab or carriage return) prefixed with a quote
// so a spreadsheet never reads it as a formula.

/** A number already formatted as text (an amount from minor units, "-48.00", formatted without floats). */
export type CsvNumber = { readonly csvNumber: string };
export const csvNumber = (text: string): CsvNumber => ({ csvNumber: text });
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export type CsvCell = string | number | bigint | boolean | null | undefined | CsvNumber;

/**
 * The cell as text, formula-safe. Numbers are written as they are (a negative amount stays a number), and so is a
 * csvNumber that is a plain decimal (anything else in it is treated as free text).
 */
export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (PLAIN_DECIMAL.test(v.csvNumber)) return v.csvNumber;
    v = v.csvNumber;
  }
  let s = String(v);
  if (typeof v === 'string' && s !== '' && '=+-@\t\r'.includes(s[0])) s = "'" + s;
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/** A whole file: BOM, header, rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}

/** Saves text as a file through a temporary object URL (no inline script, CSP-safe). */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
