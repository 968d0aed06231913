import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { attachControls, type ControlsHost, PREFS_KEY } from '../src/controls.ts';
import { parseMaster } from '../src/quality.ts';
import { formatTime, seekValueText, spokenTime } from '../src/format.ts';
import { loadLaterStrings, t } from '../src/strings.ts';
import type { HlsInstance, PlayerConfig } from '../src/types.ts';
import { config, driveMedia, makePlayer, stubMediaMethods } from './helpers.ts';

// The controls' and chapters' texts are the later catalog, loaded before their chunks attach.
beforeAll(() => loadLaterStrings());

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function setup(overrides: Partial<ControlsHost> = {}, cfg: Partial<PlayerConfig> = {}) {
  const root = document.createElement('div');
  const bar = document.createElement('div');
  const last = document.createElement('button');
  last.className = 'rb-fullscreen-button';
  bar.append(last);
  const video = document.createElement('video');
  root.append(video, bar);
  document.body.append(root);
  const media = driveMedia(video, { duration: 180 });
  const host: ControlsHost = {
    video, root, bar, before: last, config: resolveConfig(config(cfg)), engine: 'mp4', hls: null, videoId: null, t, formatTime,
    storage: localStorage, master: () => null, duration: () => 180, captions: () => null, resumeAt: vi.fn(), togglePlay: vi.fn(),
    toggleFullscreen: vi.fn(async () => {}), exitMini: () => false, ...overrides,
  };
  const controls = attachControls(host);
  const status = () => root.querySelector('[role="status"]')?.textContent;
  const items = (name: string) => Array.from(root.querySelectorAll(`[role="menu"][aria-label="${name}"] [role="menuitemradio"]`)) as HTMLButtonElement[];
  return { root, bar, video, media, host, controls, status, items };
}

describe('the seek slider speaks its value', () => {
  it('in words', () => {
    expect(spokenTime(65)).toBe('1 minute 5 seconds');
    expect(spokenTime(180)).toBe('3 minutes');
    expect(spokenTime(1)).toBe('1 second');
    expect(spokenTime(0)).toBe('0 seconds');
    expect(spokenTime(3725)).toBe('1 hour 2 minutes 5 seconds');
    expect(seekValueText(65, 180)).toBe('1 minute 5 seconds of 3 minutes');
  });

  it('on the player’s seek slider, as the time moves', async () => {
    const { player, media } = await makePlayer({}, { duration: 180 });
    const seek = player.root.querySelector('.rb-seek') as HTMLInputElement;
    media.seek(65);
    expect(seek.getAttribute('aria-valuetext')).toBe('1 minute 5 seconds of 3 minutes');
    expect(seek.getAttribute('aria-label')).toBe('Seek');
    player.destroy();
  });
});

describe('the speed menu', () => {
  it('offers 0.5 to 2, sets the rate, announces and remembers it', () => {
    const { root, video, status, items } = setup();
    const button = root.querySelector('.rb-speed') as HTMLButtonElement;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Speed: 1x');
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(items('Speed').map((i) => i.textContent)).toEqual(['0.5x', '0.75x', 'Normal', '1.25x', '1.5x', '2x']);
    expect(document.activeElement).toBe(items('Speed')[2]); // opens on the checked rate
    items('Speed')[4].click();
    expect(video.playbackRate).toBe(1.5);
    expect(button.textContent).toBe('1.5x');
    expect(button.getAttribute('aria-label')).toBe('Speed: 1.5x');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(items('Speed')[4].getAttribute('aria-checked')).toBe('true');
    video.dispatchEvent(new Event('ratechange'));
    expect(status()).toBe('Speed 1.5x');
    expect(JSON.parse(localStorage.getItem(PREFS_KEY) as string).rate).toBe(1.5);
  });

  it('without a remembered speed the rate in force stays, and the menu follows a rate set elsewhere', () => {
    const { root, video, items } = setup();
    expect(video.playbackRate).toBe(1);
    video.playbackRate = 2;
    video.dispatchEvent(new Event('ratechange'));
    expect(root.querySelector('.rb-speed')?.getAttribute('aria-label')).toBe('Speed: 2x');
    expect(items('Speed')[5].getAttribute('aria-checked')).toBe('true');
  });

  it('the next video starts at the remembered speed, volume and mute', () => {
    localStorage.setItem(PREFS_KEY, JSON.stringify({ rate: 1.25, volume: 0.4, muted: true }));
    const { video } = setup();
    expect(video.playbackRate).toBe(1.25);
    expect(video.volume).toBe(0.4);
    expect(video.muted).toBe(true);
  });

  it('the menu closes with Escape and gives the focus back to its button', () => {
    const { root, items } = setup();
    const button = root.querySelector('.rb-speed') as HTMLButtonElement;
    button.click();
    items('Speed')[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(items('Speed')[3]);
    items('Speed')[3].dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect((root.querySelector('[role="menu"][aria-label="Speed"]') as HTMLElement).hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});

describe('the owner’s switches', () => {
  it('hide the speed and quality menus and turn the shortcuts off', () => {
    const hls = { levels: [{ width: 1280, height: 720, bitrate: 1 }, { width: 640, height: 360, bitrate: 1 }], currentLevel: -1, on: vi.fn() } as unknown as HlsInstance;
    const { root, video, host, controls } = setup({ engine: 'hlsjs', hls }, { speedMenu: false, qualityMenu: false, keyboardShortcuts: false });
    expect(root.querySelector('.rb-speed')).toBeNull();
    expect(root.querySelector('.rb-quality')).toBeNull();
    const e = new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true });
    Object.defineProperty(e, 'target', { value: root });
    controls.key(e);
    expect(host.togglePlay).not.toHaveBeenCalled();
    expect(video.playbackRate).toBe(1);
  });
});

describe('the quality menu', () => {
  it('with hls.js: Auto and each rung by its short side; a rung chosen holds (hls.js level set by hand), Auto gives it back', () => {
    const hls = { levels: [{ width: 640, height: 360, bitrate: 1 }, { width: 1280, height: 720, bitrate: 1 }], currentLevel: -1, on: vi.fn() } as unknown as HlsInstance;
    const { root, items, status } = setup({ engine: 'hlsjs', hls });
    const button = root.querySelector('.rb-quality') as HTMLButtonElement;
    expect(button.hidden).toBe(false);
    expect(button.getAttribute('aria-label')).toBe('Quality: Auto');
    expect(items('Quality').map((i) => i.textContent)).toEqual(['Auto', '720p', '360p']);
    items('Quality')[2].click();
    expect(hls.currentLevel).toBe(0); // the 360p level
    expect(root.dataset.quality).toBe('360p');
    expect(button.getAttribute('aria-label')).toBe('Quality: 360p');
    expect(status()).toBe('Quality 360p');
    items('Quality')[1].click();
    expect(hls.currentLevel).toBe(1);
    items('Quality')[0].click();
    expect(hls.currentLevel).toBe(-1);
    expect(root.dataset.quality).toBe('auto');
  });

  it('is hidden for a video of one rung', () => {
    const hls = { levels: [{ width: 640, height: 360, bitrate: 1 }], currentLevel: -1, on: vi.fn() } as unknown as HlsInstance;
    const { root } = setup({ engine: 'hlsjs', hls });
    expect((root.querySelector('.rb-quality') as HTMLButtonElement).hidden).toBe(true);
  });

  it('on the browser’s own HLS: reads the master, loads a rung’s variant playlist at the same moment, and the master for Auto', async () => {
    const master = 'https://cdn.test/media/videos/v1/~tok/hls/master.m3u8';
    const text = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\n360p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=426x240\n240p/index.m3u8\n';
    const fetchMaster = vi.fn(async () => new Response(text));
    const { items, host } = setup({ engine: 'native', master: () => master, fetch: fetchMaster as unknown as typeof fetch });
    await vi.waitFor(() => expect(items('Quality')).toHaveLength(3));
    expect(fetchMaster).toHaveBeenCalledWith(master);
    expect(items('Quality').map((i) => i.textContent)).toEqual(['Auto', '360p', '240p']);
    items('Quality')[2].click();
    expect(host.resumeAt).toHaveBeenLastCalledWith('https://cdn.test/media/videos/v1/~tok/hls/240p/index.m3u8');
    items('Quality')[0].click();
    expect(host.resumeAt).toHaveBeenLastCalledWith(master);
  });

  it('parses a portrait master by its short side, largest first', () => {
    const rungs = parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=360x640\na/i.m3u8\n#EXT-X-STREAM-INF:RESOLUTION=720x1280\nb/i.m3u8\n', 'https://x.test/h/master.m3u8');
    expect(rungs.map((r) => [r.label, r.url])).toEqual([
      ['720p', 'https://x.test/h/b/i.m3u8'],
      ['360p', 'https://x.test/h/a/i.m3u8'],
    ]);
  });
});

describe('keyboard in the player', () => {
  it('each shortcut does its job when the player has the focus', async () => {
    stubMediaMethods();
    const { player, media } = await makePlayer({}, { duration: 100 });
    const root = player.root;
    root.focus();
    await vi.waitFor(() => expect(root.querySelector('.rb-speed')).not.toBeNull()); // the controls chunk is there
    const press = (key: string, target: Element = root) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    press('k');
    expect(player.video.paused).toBe(false);
    press(' ');
    expect(player.video.paused).toBe(true);
    media.state.currentTime = 50;
    const seeks = [['l', 60], ['j', 50], ['j', 40], ['ArrowRight', 45], ['ArrowLeft', 40], ['7', 70], ['Home', 0], ['End', 100]] as const;
    for (const [key, at] of seeks) {
      press(key);
      expect(media.state.currentTime, key).toBe(at);
    }
    media.state.volume = 0.5;
    for (const [key, volume] of [['ArrowDown', 0.4], ['ArrowUp', 0.5], ['ArrowUp', 0.6]] as const) {
      press(key);
      expect(media.state.volume, key).toBe(volume);
    }
    press('m');
    expect(media.state.muted).toBe(true);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Muted');
    press('m');
    expect(media.state.muted).toBe(false);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Volume 60%');
    player.destroy();
  });

  it('"?" opens the list of shortcuts; Escape closes it and the focus returns to the player', async () => {
    stubMediaMethods();
    const { player } = await makePlayer();
    const root = player.root;
    root.focus();
    await vi.waitFor(() => expect(root.querySelector('.rb-speed')).not.toBeNull());
    root.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true }));
    const dialog = root.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.getAttribute('aria-label')).toBe('Keyboard shortcuts');
    const rows = Array.from(dialog.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toContain('Space or K: Play or pause');
    expect(rows).toContain('J / L: Back or forward 10 seconds');
    expect(rows).toContain('0 to 9: Jump to 0% to 90% of the video');
    expect(rows).toHaveLength(10);
    expect(document.activeElement?.textContent).toBe('Close');
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(root);
    player.destroy();
  });

  it('a key pressed before the controls chunk arrived is played once it is there', async () => {
    stubMediaMethods();
    const { player } = await makePlayer();
    player.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(player.video.paused).toBe(false));
    player.destroy();
  });

  it('the controls in tab order follow the bar from left to right, every one a named button or slider', async () => {
    stubMediaMethods();
    const { player } = await makePlayer();
    player.root.focus();
    await vi.waitFor(() => expect(player.root.querySelector('.rb-speed')).not.toBeNull());
    const bar = player.root.querySelector('.rb-bar') as HTMLElement;
    const focusable = Array.from(bar.querySelectorAll<HTMLElement>('button, input')).filter((e) => !e.hidden);
    // "More options" is in the bar's order too; the stylesheet shows it only while the bar is short of room (more.ts).
    expect(focusable.map((e) => e.getAttribute('aria-label'))).toEqual(['Play', 'Seek', 'Mute', 'Volume', 'Speed: 1x', 'Pop Out Video', 'More options', 'Full screen'].filter((n) => n !== 'Full screen' || document.fullscreenEnabled));
    for (const e of focusable) expect(e.tagName === 'BUTTON' || (e as HTMLInputElement).type === 'range').toBe(true);
    for (const e of focusable) expect(e.tabIndex).toBe(0);
    player.destroy();
  });
});
