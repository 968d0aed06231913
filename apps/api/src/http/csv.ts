import { Readable } from 'node:stream';
import type { Context } from 'koa';

/** A CSV file to stream: its name, its header row and its rows as they come from the database. */
export interface CsvFile {
  filename: string;
  header: readonly string[];
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;
  /** Called once when the answer is over (sent, failed or abandoned). */
  release(): void;
}

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"): such text cells get a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Lines are gathered into chunks of about this size, so 100,000 rows are not 100,000 socket writes. */
const CHUNK_CHARS = 32 * 1024;

/** One cell (RFC 4180): text that could start a formula is neutralised; quotes, commas and line breaks are quoted. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The header and the rows as a byte stream. It is pulled: a row is read from the database only
 * when the socket has taken the chunk before it (backpressure), so memory stays flat whatever the
 * number of rows; destroying the stream ends the rows' iterator, which closes their cursor.
 */
export function csvStream(header: readonly string[], rows: CsvFile['rows']): Readable {
  async function* chunks() {
    let chunk = csvLine(header);
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_CHARS });
}

/** A file name without path separators, control or reserved characters, at most 80 characters. */
export function safeFilenamePart(name: string, fallback: string): string {
  const clean = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"*/:<>?\\|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return [...clean].slice(0, 80).join('').trim() || fallback;
}

/**
 * Answers with the file as a download. The stream is cut off (the connection reset, so the client
 * sees a failed download rather than a short file) after `timeoutMs`.
 */
export function sendCsv(ctx: Context, file: CsvFile, timeoutMs: number): void {
  const stream = csvStream(file.header, file.rows);
  const deadline = setTimeout(() => stream.destroy(new Error('CSV export took too long')), timeoutMs);
  deadline.unref();
  stream.once('close', () => {
    clearTimeout(deadline);
    file.release();
  });
  ctx.attachment(file.filename, { type: 'attachment' });
  ctx.type = 'text/csv; charset=utf-8; header=present';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = stream;
}
