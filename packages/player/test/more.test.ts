import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachMore } from '../src/more.ts';
import { loadLaterStrings, t } from '../src/strings.ts';

// The menu's behaviour; when it shows (the bar's room) is measured by the browser tests (e2e/player-phone.mobile.spec.ts).
beforeAll(() => loadLaterStrings());
afterEach(() => document.body.replaceChildren());

function setup() {
  const root = document.createElement('div');
  const bar = document.createElement('div');
  const make = (className: string, label: string, popup = false) => {
    const b = document.createElement('button');
    b.className = className;
    b.setAttribute('aria-label', label);
    if (popup) b.setAttribute('aria-haspopup', 'menu');
    bar.append(b);
    return b;
  };
  const speed = make('rb-menu-button rb-speed', 'Speed: 1x', true);
  const hiddenQuality = make('rb-menu-button rb-quality', 'Quality: Auto', true);
  hiddenQuality.hidden = true;
  const pop = make('rb-popout', 'Pop Out Video');
  const full = make('rb-fullscreen-button', 'Full screen');
  root.append(bar);
  document.body.append(root);
  const signal = new AbortController();
  const more = attachMore({ root, bar, after: pop, t, on: (target, type, fn, capture) => target.addEventListener(type, fn as EventListener, { signal: signal.signal, capture }) });
  const items = () => Array.from(more.panel.querySelectorAll('[role="menuitem"]')) as HTMLButtonElement[];
  return { root, bar, speed, pop, full, more, items };
}

describe('the "More options" menu', () => {
  it('sits before full screen, named, and lists the secondary buttons offered with their current labels', () => {
    const { bar, more, full, items } = setup();
    expect(more.button.nextElementSibling).toBe(full);
    expect(more.button.getAttribute('aria-label')).toBe('More options');
    expect(bar.contains(more.button)).toBe(true);
    more.button.click();
    expect(more.panel.hidden).toBe(false);
    expect(more.button.getAttribute('aria-expanded')).toBe('true');
    expect(items().map((i) => i.textContent)).toEqual(['Speed: 1x', 'Pop Out Video']);
    expect(items()[0].getAttribute('aria-haspopup')).toBe('menu');
    expect(document.activeElement).toBe(items()[0]);
  });

  it('is keyboard operable: arrows move, Escape closes and gives the focus back', () => {
    const { more, items } = setup();
    more.button.click();
    const key = (k: string) => more.panel.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    key('ArrowDown');
    expect(document.activeElement).toBe(items()[1]);
    key('ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key('End');
    expect(document.activeElement).toBe(items()[1]);
    key('Escape');
    expect(more.panel.hidden).toBe(true);
    expect(document.activeElement).toBe(more.button);
  });

  it('an entry clicks the original button: an action gives the focus back to More options', () => {
    const { more, pop, speed, items } = setup();
    const popped = vi.fn();
    const opened = vi.fn();
    pop.addEventListener('click', popped);
    speed.addEventListener('click', opened);
    more.button.click();
    items()[1].click();
    expect(popped).toHaveBeenCalledOnce();
    expect(more.panel.hidden).toBe(true);
    expect(document.activeElement).toBe(more.button);
    more.button.click();
    items()[0].click();
    expect(opened).toHaveBeenCalledOnce();
  });
});
