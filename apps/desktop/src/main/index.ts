// The Electron main process: one sandboxed window on the app:// scheme, the IPC handlers, the
// upload queue, and the OS's touches (dialogs, badge, notification, system browser).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Notification, protocol, safeStorage, session, shell } from 'electron';
import electronUpdater from 'electron-updater';
import { CHANNELS, QUEUE_EVENT } from '../shared/ipc.ts';
import { createDesktopCore } from './desktop-core.ts';
import { encryptedFileStore, hasSecretTool, libsecretStore } from './keychain.ts';
import { APP_ORIGIN, isWebLink, LOCAL_PATH, localFileResponse, mayNavigate, rendererFile } from './renderer-files.ts';

const RENDERER_DIR = join(__dirname, '../renderer');
const PRELOAD = join(__dirname, '../preload/index.cjs');
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'mkv', 'webm', 'avi', 'mpg', 'mpeg', 'ts', 'mts', 'flv', 'wmv', '3gp'];

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);

// A separate profile (tests, a second server side by side): REELBASE_USER_DATA names its folder.
if (process.env.REELBASE_USER_DATA) app.setPath('userData', process.env.REELBASE_USER_DATA);
if (!app.requestSingleInstanceLock()) app.quit();

async function main() {
  await app.whenReady();
  const userData = app.getPath('userData');
  let win: BrowserWindow | null = null;
  const core = await createDesktopCore({
    userData,
    // Linux: the Secret Service (GNOME Keyring, KWallet) through secret-tool; elsewhere (or
    // without secret-tool) a file encrypted by safeStorage, whose key the OS keychain holds.
    secrets:
      process.platform === 'linux' && hasSecretTool()
        ? libsecretStore()
        : encryptedFileStore(safeStorage, (account) => join(userData, `session-${createHash('sha256').update(account).digest('hex').slice(0, 16)}.bin`)),
    native: {
      async chooseFolder() {
        const r = await dialog.showOpenDialog({ title: 'Upload a folder', properties: ['openDirectory'] });
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
      async chooseFiles() {
        const r = await dialog.showOpenDialog({ title: 'Choose videos to trim and upload', properties: ['openFile', 'multiSelections'], filters: [{ name: 'Videos', extensions: VIDEO_EXTENSIONS }, { name: 'All files', extensions: ['*'] }] });
        return r.canceled ? [] : r.filePaths;
      },
      writeClipboard: (text) => clipboard.writeText(text),
      openExternal: (url) => shell.openExternal(url),
      async confirmApiChange(from, to) {
        const options = {
          type: 'warning' as const,
          buttons: ['Keep the current server', 'Change server'],
          defaultId: 0,
          cancelId: 0,
          message: 'Change the Reelbase server?',
          detail: `This app talks to ${from}. From now on it would sign in, upload and show videos at ${to}. Change only if you asked for it.`,
        };
        const r = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
        return r.response === 1;
      },
    },
    onQueueChange(s) {
      win?.webContents.send(QUEUE_EVENT, s);
      app.setBadgeCount(s.pending);
      win?.setProgressBar(s.pending ? s.total.percent / 100 : -1);
    },
    onQueueDrained({ done, skipped, failed }) {
      const parts = [`${done} uploaded`, skipped && `${skipped} already there`, failed && `${failed} failed`].filter(Boolean);
      if (Notification.isSupported()) new Notification({ title: 'Uploads finished', body: parts.join(', ') }).show();
    },
  });
  const { handlers, queue, files } = core;
  for (const channel of CHANNELS) {
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    ipcMain.handle(channel, (event, ...args) => {
      // Only the app's own page may call; a navigated-to page (the API's) may not.
      if (!event.senderFrame?.url.startsWith(`${APP_ORIGIN}/`)) throw new Error('Not allowed');
      return handler(...args);
    });
  }

  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const local = LOCAL_PATH.exec(url.pathname);
    if (local) {
      const path = files.path(local[1]);
      if (!path) return new Response('Not found', { status: 404 });
      const r = await localFileResponse(path, request.headers.get('range'));
      return new Response(r.body ? (Readable.toWeb(r.body) as ReadableStream) : null, { status: r.status, headers: r.headers });
    }
    const r = await rendererFile(RENDERER_DIR, url.pathname, core.apiOrigin());
    return new Response(r.body as BodyInit, { status: r.status, headers: r.headers });
  });
  // The window asks for no camera, location or notifications permission: all are refused.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, done) => done(false));

  const open = () => {
    win = new BrowserWindow({
      width: 1280,
      height: 820,
      title: 'Reelbase',
      webPreferences: { preload: PRELOAD, contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, spellcheck: false },
    });
    const wc = win.webContents;
    wc.on('will-navigate', (event, url) => {
      if (mayNavigate(url, core.apiOrigin())) return;
      event.preventDefault();
      if (isWebLink(url)) void shell.openExternal(url);
    });
    wc.on('will-redirect', (event, url) => {
      if (!mayNavigate(url, core.apiOrigin())) event.preventDefault();
    });
    wc.on('will-attach-webview', (event) => event.preventDefault());
    // New windows never open inside the app: web links go to the system browser.
    wc.setWindowOpenHandler(({ url }) => {
      if (isWebLink(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    win.on('closed', () => {
      win = null;
    });
    void win.loadURL(`${APP_ORIGIN}/`);
  };
  open();
  app.on('second-instance', () => win?.focus());
  app.on('activate', () => {
    if (!win) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting leaves every upload resumable: the state is on disk and the server keeps the bytes.
  app.on('before-quit', () => void queue.close());
  queue.start();

  const feed = (await handlers['config:get']()).updateFeedUrl;
  if (feed && app.isPackaged) {
    electronUpdater.autoUpdater.setFeedURL({ provider: 'generic', url: feed });
    void electronUpdater.autoUpdater.checkForUpdatesAndNotify().catch(() => {});
  }
}

main().catch((err: unknown) => {
  dialog.showErrorBox('Reelbase could not start', err instanceof Error ? err.message : String(err));
  app.exit(1);
});
