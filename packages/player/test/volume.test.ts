import { afterEach, describe, expect, it, vi } from 'vitest';
import { volumeLevel } from '../src/volume.ts';
import { makePlayer, stubMediaMethods } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('volume level', () => {
  it.each([
    [0.3, false, 'low'],
    [0.31, false, 'medium'],
    [0.7, false, 'medium'],
    [0.71, false, 'high'],
    [1, false, 'high'],
    [0.05, false, 'low'],
    [0, false, 'off'],
    [0.9, true, 'off'],
  ] as const)('volume %s muted %s is %s', (volume, muted, level) => {
    expect(volumeLevel(volume, muted)).toBe(level);
  });

  it('the mute button shows the level of the video', async () => {
    stubMediaMethods();
    const { player } = await makePlayer();
    const mute = player.root.querySelector<HTMLButtonElement>('.rb-mute')!;
    expect(mute.dataset.level).toBe('high');
    player.video.volume = 0.3;
    expect(mute.dataset.level).toBe('low');
    player.video.volume = 0.31;
    expect(mute.dataset.level).toBe('medium');
    player.video.volume = 0.71;
    expect(mute.dataset.level).toBe('high');
    mute.click();
    expect(player.video.muted).toBe(true);
    expect(mute.dataset.level).toBe('off');
    expect(mute.getAttribute('aria-label')).toBe('Unmute');
    mute.click();
    expect(player.video.muted).toBe(false);
    expect(mute.getAttribute('aria-label')).toBe('Mute');
  });

  it('the slider sets the volume, and 0 mutes', async () => {
    stubMediaMethods();
    const { player } = await makePlayer();
    const slider = player.root.querySelector<HTMLInputElement>('.rb-volume')!;
    slider.value = '0.5';
    slider.dispatchEvent(new Event('input'));
    expect(player.video.volume).toBe(0.5);
    slider.value = '0';
    slider.dispatchEvent(new Event('input'));
    expect(player.video.muted).toBe(true);
    expect(player.root.querySelector<HTMLButtonElement>('.rb-mute')!.dataset.level).toBe('off');
  });
});
