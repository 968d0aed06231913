// Entry of the embed bundle: the stylesheet, the player and a global for the embed page.
import './player.css';
import { boot, mount } from './mount.ts';
import { createPlayer } from './player.ts';

export const ReelbasePlayer = { mount, boot, createPlayer };

declare global {
  interface Window {
    ReelbasePlayer: typeof ReelbasePlayer;
  }
}

window.ReelbasePlayer = ReelbasePlayer;

// A page with <div data-reelbase-player></div> boots itself (module scripts run after parsing).
const auto = document.querySelector<HTMLElement>('[data-reelbase-player]');
if (auto && auto.dataset.autoboot !== 'false') void boot(auto);

export { boot, createPlayer, mount };
