/**
 * A byte count as the API's messages and mails write it ("2 GB", "1.5 MB", "512 bytes"): the
 * largest binary unit that keeps it at 1 or more, one decimal unless whole. Zod-free and
 * import-free, so every layer of the API (the import reader included) can use it.
 */
export function formatByteCount(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
