// electron-builder: Linux (AppImage, deb), Windows (nsis) and macOS (dmg) from `pnpm --filter
// @reelbase/desktop dist` (add --linux, --win or --mac to choose). Everything the app runs is
// bundled into dist/ by scripts/build.ts; only the ffmpeg binaries and electron-updater are
// packed from node_modules.
/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'com.reelbase.desktop',
  productName: 'Reelbase',
  directories: { output: 'release' },
  files: ['dist/**', 'package.json'],
  // A binary cannot run from inside the asar archive.
  asarUnpack: ['node_modules/@ffmpeg-installer/**', 'node_modules/@ffprobe-installer/**'],
  // A local Electron build (a folder or its zip) where the download cannot be reached.
  ...(process.env.ELECTRON_DIST && { electronDist: process.env.ELECTRON_DIST }),
  linux: { target: ['AppImage', 'deb'], category: 'AudioVideo', maintainer: 'Reelbase <support@reelbase.example>' },
  // secret-tool keeps the sign-in in the desktop's keychain (GNOME Keyring or KWallet).
  deb: { depends: ['libsecret-tools'] },
  win: { target: 'nsis' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
  mac: { target: 'dmg', category: 'public.app-category.video' },
  // The auto-update feed: a folder on any web server that holds what `dist` wrote (latest*.yml and
  // the installers). The app checks it at start when it is set (settings.json: updateFeedUrl).
  publish: process.env.REELBASE_UPDATE_URL ? [{ provider: 'generic', url: httpsFeed(process.env.REELBASE_UPDATE_URL) }] : null,
};

/** What the feed serves is installed and run: an http:// feed (anyone on the path could answer it) stops the build. */
function httpsFeed(url) {
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') throw new Error(`REELBASE_UPDATE_URL must be an https:// address, not ${JSON.stringify(url)}`);
  return url;
}
