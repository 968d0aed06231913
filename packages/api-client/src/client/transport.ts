/** One answer of the server, whichever way it was sent (fetch, XHR or tus). */
export interface RawResponse {
  status: number;
  statusText: string;
  body: unknown;
  header(name: string): string | null;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const parseBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function fetchRaw(fetcher: FetchLike, url: string, init: RequestInit): Promise<RawResponse> {
  const res = await fetcher(url, init);
  const body = parseBody(await res.text());
  return { status: res.status, statusText: res.statusText, body, header: (n) => res.headers.get(n) };
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Whole percent, 0 to 100. */
  percent: number;
}
export type ProgressHandler = (p: UploadProgress) => void;

export const progressOf = (loaded: number, total: number): UploadProgress => ({
  loaded,
  total,
  percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0,
});

/** The part of XMLHttpRequest used here, typed locally so the package also checks without the DOM lib (the API imports it). */
interface Xhr {
  status: number;
  statusText: string;
  responseText: string;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: FormData): void;
  abort(): void;
}
const XhrClass = () => (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

/**
 * A multipart POST with upload progress. Browsers (and Electron) use XMLHttpRequest, the only
 * API that reports upload progress; elsewhere (Node, tests) fetch sends it and reports 0 then 100.
 */
export function sendForm(
  fetcher: FetchLike,
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress?: ProgressHandler,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const XHR = XhrClass();
  if (!XHR) {
    onProgress?.(progressOf(0, 1));
    return fetchRaw(fetcher, url, { method: 'POST', body: form, headers, signal }).then((r) => {
      if (r.status < 400) onProgress?.(progressOf(1, 1));
      return r;
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XHR();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(progressOf(e.loaded, e.total));
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        body: parseBody(xhr.responseText),
        header: (n) => xhr.getResponseHeader(n),
      });
    xhr.onerror = () => reject(new TypeError('Network error: the upload did not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
