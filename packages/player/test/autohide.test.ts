import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, makePlayer, stubMediaMethods } from './helpers.ts';

beforeEach(() => {
  stubMediaMethods();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('auto-hide controls', () => {
  it('hides the controls after 6000 ms without activity while playing, and shows them on pointer move', async () => {
    const { player, media } = await makePlayer({ config: config({ autoHideControls: true }) });
    media.startPlaying();
    vi.advanceTimersByTime(5999);
    expect(player.controlsVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(player.controlsVisible).toBe(false);
    expect(player.root.classList.contains('rb-idle')).toBe(true);

    player.root.dispatchEvent(new Event('pointermove', { bubbles: true }));
    expect(player.controlsVisible).toBe(true);
    vi.advanceTimersByTime(6000);
    expect(player.controlsVisible).toBe(false);
  });

  it('stay while a control has the keyboard focus, and hide again once the focus leaves them', async () => {
    const { player, media } = await makePlayer();
    media.startPlaying();
    (player.root.querySelector('.rb-mute') as HTMLButtonElement).focus();
    vi.advanceTimersByTime(20_000);
    expect(player.controlsVisible).toBe(true);
    player.root.focus(); // the picture itself: controls may hide
    vi.advanceTimersByTime(6000);
    expect(player.controlsVisible).toBe(false);
  });

  it('activity restarts the 6 s count', async () => {
    const { player, media } = await makePlayer();
    media.startPlaying();
    vi.advanceTimersByTime(4000);
    player.root.dispatchEvent(new Event('pointermove', { bubbles: true }));
    vi.advanceTimersByTime(4000);
    expect(player.controlsVisible).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(player.controlsVisible).toBe(false);
  });

  it('keyboard focus brings the controls back', async () => {
    const { player, media } = await makePlayer();
    media.startPlaying();
    vi.advanceTimersByTime(6000);
    expect(player.controlsVisible).toBe(false);
    player.root.querySelector<HTMLButtonElement>('.rb-play')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(player.controlsVisible).toBe(true);
  });

  it('keeps the controls while paused', async () => {
    const { player, media } = await makePlayer();
    media.startPlaying();
    media.state.paused = true;
    media.fire('pause');
    vi.advanceTimersByTime(10_000);
    expect(player.controlsVisible).toBe(true);
  });

  it('never hides when autoHideControls is off', async () => {
    const { player, media } = await makePlayer({ config: config({ autoHideControls: false }) });
    media.startPlaying();
    vi.advanceTimersByTime(60_000);
    expect(player.controlsVisible).toBe(true);
  });
});
