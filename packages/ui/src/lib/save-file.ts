import type { DownloadedFile } from '@reelbase/api-client';

/** Hands a downloaded file to the browser (or the desktop shell) as a download under its server-given name. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download: the object URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
