/** An operation of /api/openapi.json, as far as calling it needs. */
export type CallableOp = { requestBody?: { content: Record<string, unknown> } };

/**
 * One call of a documented operation as a client would send it (tus headers for the upload
 * calls, an empty form or JSON body where it takes one), to `url` (its path filled in) with
 * `headers`; answers the status and the JSON answer's fields.
 */
export async function callOperation(url: string, method: string, path: string, op: CallableOp, headers: Record<string, string>) {
  const h = { ...headers };
  let body: RequestInit['body'];
  if (path === '/api/uploads' && method === 'post') Object.assign(h, { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filetype ${btoa('video/mp4')},filename ${btoa('a.mp4')}` });
  else if (['patch', 'head', 'delete'].includes(method) && path.startsWith('/api/uploads')) {
    Object.assign(h, { 'tus-resumable': '1.0.0', ...(method === 'patch' && { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }) });
  } else if (op.requestBody?.content['multipart/form-data']) body = new FormData();
  else if (op.requestBody) {
    h['content-type'] = 'application/json';
    body = '{}';
  }
  const res = await fetch(url, { method: method.toUpperCase(), headers: h, body });
  const text = method === 'head' ? '' : await res.text();
  let json: { message?: string; code?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, ...json };
}
