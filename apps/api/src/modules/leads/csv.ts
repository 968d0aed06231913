/**
 * CSV (RFC 4180) that a spreadsheet opens as text: a cell starting with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before reading a formula) gets a leading
 * apostrophe (OWASP's CSV injection advice), and a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | null | undefined): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
