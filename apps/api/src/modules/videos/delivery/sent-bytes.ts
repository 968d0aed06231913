import type { ServerResponse } from 'node:http';

/**
 * Calls `done` once with the body bytes of this response that reached the viewer's connection:
 * the whole `bodyLength` when the response finished (Node hands its last byte to the operating
 * system), else what the socket took for it before it closed (an aborted or stalled range):
 * bytes the socket dispatched since the response started, less its header. Bytes still in Node's
 * buffers when the viewer leaves are not counted; the kernel's send buffer and the network in
 * flight are (Node cannot see past the socket), so an abort counts at most those few MB more than
 * the viewer's player read. Measured per response on a kept-alive socket: the count starts from
 * the socket's total at the response's start (browsers do not pipeline, so the previous response
 * on the socket has finished by then).
 */
export function onBodySent(res: ServerResponse, bodyLength: number, done: (bytes: number) => void): void {
  const socket = res.socket;
  if (!socket || bodyLength <= 0) return void done(0);
  const start = socket.bytesWritten ?? 0;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    if (res.writableFinished) return done(bodyLength);
    // Node keeps the header it wrote as `_header`; there is no public way to learn its size.
    const header = (res as ServerResponse & { _header?: string | null })._header;
    const wrote = (socket.bytesWritten ?? start) - start - (header ? Buffer.byteLength(header) : 0);
    done(Math.min(bodyLength, Math.max(0, wrote)));
  };
  res.once('finish', settle);
  res.once('close', settle);
}
