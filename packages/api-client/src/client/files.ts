import type { Core, Query } from './core.ts';
import { queryString } from './core.ts';
import type { DownloadedFile, ImageUploadOptions } from './params.ts';
import { fetchRaw, parseBody, sendForm } from './transport.ts';

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when there is one, else `filename`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {}
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1].replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

/** A file answer (a CSV export) as a Blob with the name its Content-Disposition gives. */
export async function downloadFile(core: Core, path: string, query: Query): Promise<DownloadedFile> {
  let file: DownloadedFile | undefined;
  await core.execute(async (token) => {
    const r = await core.fetch(`${core.baseUrl}${path}${queryString(query)}`, { headers: core.authHeaders(token) });
    if (r.ok) file = { blob: await r.blob(), filename: filenameOf(r.headers.get('content-disposition')) ?? 'download' };
    return { status: r.status, statusText: r.statusText, body: r.ok ? null : parseBody(await r.text()), header: (n: string) => r.headers.get(n) };
  });
  return file as DownloadedFile;
}

/** A text answer (a caption file, a CSV) as its text; `search` is the query string, '?' included, or ''. */
export async function downloadText(core: Core, path: string, search = ''): Promise<string> {
  const res = await core.execute(async (token) => {
    const r = await core.fetch(`${core.baseUrl}${path}${search}`, { headers: core.authHeaders(token) });
    const text = await r.text();
    return { status: r.status, statusText: r.statusText, body: r.ok ? text : parseBody(text), header: (n: string) => r.headers.get(n) };
  });
  return res.body as string;
}

/** A multipart upload of one file (in `fileField`) after some text fields, with progress. */
export async function sendMultipart<T>(core: Core, path: string, fileField: string, file: Blob, fields: Record<string, string>, opts: ImageUploadOptions): Promise<T> {
  const res = await core.execute((token) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fileField, file, opts.filename ?? (file as File).name ?? 'image');
    return sendForm(core.fetch, `${core.baseUrl}${path}`, form, core.authHeaders(token), opts.onProgress);
  });
  return res.body as T;
}

/** A multipart PUT of one file (in `fileField`) after some text fields, without progress. */
export async function putMultipart<T>(core: Core, path: string, fileField: string, file: Blob, filename: string, fields: Record<string, string> = {}): Promise<T> {
  const res = await core.execute((token) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fileField, file, filename);
    return fetchRaw(core.fetch, `${core.baseUrl}${path}`, { method: 'PUT', body: form, headers: core.authHeaders(token) });
  });
  return res.body as T;
}
