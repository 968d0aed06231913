import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { DesktopCore } from '../../src/main/desktop-core.ts';
import { LOCAL_PATH, localFileResponse, rendererFile } from '../../src/main/renderer-files.ts';
import { CHANNELS } from '../../src/shared/ipc.ts';

const DIST = resolve(import.meta.dirname, '../../dist');

/** The built renderer and picked files served as the app:// handler serves them (same code, same CSP), over HTTP. */
export async function serveRenderer(core: DesktopCore): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const local = LOCAL_PATH.exec(req.url ?? '');
    const path = local && core.files.path(local[1]);
    if (path) {
      void localFileResponse(path, req.headers.range ?? null).then((r) => {
        res.writeHead(r.status, r.headers);
        if (r.body) r.body.pipe(res);
        else res.end();
      });
      return;
    }
    void rendererFile(resolve(DIST, 'renderer'), new URL(req.url ?? '/', 'http://x').pathname, core.apiOrigin()).then((r) => {
      res.writeHead(r.status, r.headers).end(r.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * Runs the built preload (dist/preload/index.cjs) in the page before its scripts, with Electron's
 * ipcRenderer carried to the main process's real handlers through a Playwright binding: the
 * renderer talks to `window.reelbase` exactly as in the app. Returns how to send main's events.
 */
export async function installPreload(page: Page, core: DesktopCore): Promise<(channel: string, payload: unknown) => Promise<void>> {
  const allowed = new Set<string>(CHANNELS);
  await page.exposeFunction('__ipcInvoke', async (channel: string, args: unknown[]) => {
    if (!allowed.has(channel)) throw new Error(`No handler for ${channel}`);
    return (core.handlers[channel as keyof typeof core.handlers] as (...a: unknown[]) => unknown)(...args);
  });
  const preload = await readFile(resolve(DIST, 'preload/index.cjs'), 'utf8');
  await page.addInitScript(`(() => {
    const listeners = {};
    const __electron = {
      contextBridge: { exposeInMainWorld: (key, api) => { window[key] = Object.freeze(api); } },
      ipcRenderer: {
        invoke: (channel, ...args) => window.__ipcInvoke(channel, args),
        on: (channel, l) => { (listeners[channel] ??= new Set()).add(l); },
        off: (channel, l) => { listeners[channel]?.delete(l); },
      },
      webUtils: { getPathForFile: () => '' },
    };
    window.__ipcEmit = (channel, payload) => listeners[channel]?.forEach((l) => l({}, payload));
    const require = (m) => { if (m === 'electron') return __electron; throw new Error('no ' + m + ' in a sandboxed preload'); };
    ${preload}
  })();`);
  return (channel, payload) => page.evaluate(([c, p]) => (window as unknown as { __ipcEmit(c: string, p: unknown): void }).__ipcEmit(c as string, p), [channel, payload] as const);
}
