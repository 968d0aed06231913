import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, makePlayer, stubMediaMethods } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('start action', () => {
  it('none: nothing is preloaded and nothing plays', async () => {
    const { play, load } = stubMediaMethods();
    const { player } = await makePlayer({ config: config({ startAction: 'none' }) });
    await flush();
    expect(player.video.preload).toBe('none');
    expect(player.video.autoplay).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('loadVideo: preload auto and load() without playing', async () => {
    const { play, load } = stubMediaMethods();
    const { player } = await makePlayer({ config: config({ startAction: 'loadVideo' }) });
    await flush();
    expect(player.video.preload).toBe('auto');
    expect(load).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('autoPlay: play() is called, with sound when the browser allows it', async () => {
    const { play } = stubMediaMethods();
    const { player } = await makePlayer({ config: config({ startAction: 'autoPlay' }) });
    await flush();
    expect(play).toHaveBeenCalledTimes(1);
    expect(player.video.muted).toBe(false);
    expect(player.video.paused).toBe(false);
  });

  it('autoPlay: retries muted when play() is refused with NotAllowedError', async () => {
    let calls = 0;
    const { play } = stubMediaMethods(async (video) => {
      calls += 1;
      if (calls === 1) throw new DOMException('play() needs a user gesture', 'NotAllowedError');
      Reflect.set(video, 'paused', false);
      video.dispatchEvent(new Event('play'));
    });
    const { player } = await makePlayer({ config: config({ startAction: 'autoPlay' }) });
    await flush();
    expect(play).toHaveBeenCalledTimes(2);
    expect(player.video.muted).toBe(true);
    expect(player.video.paused).toBe(false);
    expect(player.root.querySelector('.rb-mute')!.getAttribute('data-level')).toBe('off');
  });

  it('autoPlay: another refusal does not mute', async () => {
    const { play } = stubMediaMethods(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const { player } = await makePlayer({ config: config({ startAction: 'autoPlay' }) });
    await flush();
    expect(play).toHaveBeenCalledTimes(1);
    expect(player.video.muted).toBe(false);
  });
});
