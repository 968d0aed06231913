import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, makePlayer, stubMediaMethods } from './helpers.ts';

let methods: ReturnType<typeof stubMediaMethods>;
beforeEach(() => {
  methods = stubMediaMethods();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

async function playToEnd(options: Parameters<typeof makePlayer>[0]) {
  const mounted = await makePlayer(options, { duration: 20 });
  mounted.media.startPlaying();
  mounted.media.timeUpdate(19.9);
  methods.play.mockClear();
  methods.pause.mockClear();
  mounted.media.end();
  return mounted;
}

describe('end action', () => {
  it('pause: stays paused on the last frame', async () => {
    const { player, nav } = await playToEnd({ config: config({ endAction: 'pause' }) });
    expect(player.video.paused).toBe(true);
    expect(player.video.currentTime).toBe(20);
    expect(methods.play).not.toHaveBeenCalled();
    expect(nav.assign).not.toHaveBeenCalled();
    expect(player.root.querySelector('.rb-play')!.getAttribute('aria-label')).toBe('Play');
  });

  it('stop: pauses and rewinds to the start', async () => {
    const { player } = await playToEnd({ config: config({ endAction: 'stop' }) });
    expect(player.video.currentTime).toBe(0);
    expect(player.video.paused).toBe(true);
    expect(methods.play).not.toHaveBeenCalled();
  });

  it('loop: restarts from the start', async () => {
    const { player } = await playToEnd({ config: config({ endAction: 'loop' }) });
    expect(player.video.currentTime).toBe(0);
    expect(methods.play).toHaveBeenCalledTimes(1);
  });

  it('playNext: goes to the embed of the next video', async () => {
    const { nav } = await playToEnd({ config: config({ endAction: 'playNext', nextVideo: 'vid-2' }), embedType: 'video' });
    expect(nav.assign).toHaveBeenCalledWith('/embed/video/vid-2');
  });

  it('playNext: the nextVideo option wins over the config', async () => {
    const { nav } = await playToEnd({ config: config({ endAction: 'playNext', nextVideo: 'vid-2' }), nextVideo: 'vid-3', embedType: 'e 1' });
    expect(nav.assign).toHaveBeenCalledWith('/embed/e%201/vid-3');
  });

  it('playNext without a next video behaves like pause', async () => {
    const { player, nav } = await playToEnd({ config: config({ endAction: 'playNext', nextVideo: null }), embedType: 'video' });
    expect(nav.assign).not.toHaveBeenCalled();
    expect(player.video.paused).toBe(true);
  });

  it('redirect at end: the embed redirect replaces the end action', async () => {
    const { nav } = await playToEnd({ config: config({ endAction: 'loop' }), redirect: 'https://shop.test/offer?x=1' });
    expect(nav.redirect).toHaveBeenCalledWith('https://shop.test/offer?x=1');
    expect(methods.play).not.toHaveBeenCalled();
  });

  it('redirect at end in a new window', async () => {
    const { nav } = await playToEnd({ config: config({ endAction: 'playNext', nextVideo: 'vid-2' }), embedType: 'video', redirect: 'http://shop.test/', newWindow: true });
    expect(nav.open).toHaveBeenCalledWith('http://shop.test/');
    expect(nav.redirect).not.toHaveBeenCalled();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('a blocked new window leaves a link to the redirect in the player', async () => {
    const { player, nav } = await makePlayer({ redirect: 'https://shop.test/', newWindow: true }, { duration: 20 });
    nav.open.mockReturnValue(false);
    player.video.dispatchEvent(new Event('ended'));
    const link = player.root.querySelector<HTMLAnchorElement>('.rb-message a')!;
    expect(link.href).toBe('https://shop.test/');
    expect(link.rel).toBe('noopener');
  });

  it('a redirect that is not http(s) is ignored', async () => {
    const { player, nav } = await playToEnd({ config: config({ endAction: 'stop' }), redirect: 'javascript:alert(1)' });
    expect(nav.redirect).not.toHaveBeenCalled();
    expect(nav.open).not.toHaveBeenCalled();
    expect(player.video.currentTime).toBe(0);
  });
});
