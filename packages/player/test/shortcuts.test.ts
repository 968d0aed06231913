import { describe, expect, it } from 'vitest';
import { isTextField, SEEK_LONG, SEEK_SHORT, shortcutFor, VOLUME_STEP } from '../src/shortcuts.ts';

const key = (k: string, mods: Partial<Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey'>> = {}) => ({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });
const make = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  return box.firstElementChild as HTMLElement;
};

describe('the shortcut map', () => {
  const surface = make('<div tabindex="0"></div>');
  it.each([
    [' ', { do: 'togglePlay' }],
    ['k', { do: 'togglePlay' }],
    ['K', { do: 'togglePlay' }],
    ['j', { do: 'seekBy', seconds: -SEEK_LONG }],
    ['l', { do: 'seekBy', seconds: SEEK_LONG }],
    ['ArrowLeft', { do: 'seekBy', seconds: -SEEK_SHORT }],
    ['ArrowRight', { do: 'seekBy', seconds: SEEK_SHORT }],
    ['ArrowUp', { do: 'volumeBy', step: VOLUME_STEP }],
    ['ArrowDown', { do: 'volumeBy', step: -VOLUME_STEP }],
    ['m', { do: 'toggleMute' }],
    ['f', { do: 'fullscreen' }],
    ['c', { do: 'captions' }],
    ['0', { do: 'seekTo', share: 0 }],
    ['5', { do: 'seekTo', share: 0.5 }],
    ['9', { do: 'seekTo', share: 0.9 }],
    ['Home', { do: 'seekTo', share: 0 }],
    ['End', { do: 'seekTo', share: 1 }],
    ['?', { do: 'help' }],
  ])('%s on the player', (k, action) => {
    expect(shortcutFor(key(k), surface)).toEqual(action);
  });

  it('J and L jump 10 s, the arrows 5 s', () => {
    expect([SEEK_LONG, SEEK_SHORT]).toEqual([10, 5]);
  });

  it('leaves other keys and the browser’s and system’s combinations alone', () => {
    expect(shortcutFor(key('x'), surface)).toBeNull();
    expect(shortcutFor(key('Tab'), surface)).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }), surface)).toBeNull();
    expect(shortcutFor(key('l', { metaKey: true }), surface)).toBeNull();
    expect(shortcutFor(key('ArrowLeft', { altKey: true }), surface)).toBeNull();
  });

  it('a slider keeps its own keys (arrows, Home, End) and other shortcuts still work on it', () => {
    const seek = make('<input type="range" min="0" max="100">');
    for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) expect(shortcutFor(key(k), seek)).toBeNull();
    expect(shortcutFor(key('k'), seek)).toEqual({ do: 'togglePlay' });
    expect(shortcutFor(key('m'), seek)).toEqual({ do: 'toggleMute' });
  });

  it('Space and Enter press a focused button instead of toggling playback', () => {
    const button = make('<button type="button">Speed</button>');
    expect(shortcutFor(key(' '), button)).toBeNull();
    expect(shortcutFor(key('Enter'), button)).toBeNull();
    expect(shortcutFor(key('k'), button)).toEqual({ do: 'togglePlay' });
  });
});

describe('the text-field guard', () => {
  it.each([
    ['<input>'],
    ['<input type="text">'],
    ['<input type="search">'],
    ['<input type="email">'],
    ['<input type="password">'],
    ['<input type="number">'],
    ['<textarea></textarea>'],
    ['<select><option>a</option></select>'],
    ['<div contenteditable="true"></div>'],
    ['<div contenteditable=""></div>'],
  ])('no shortcut fires while %s has the focus', (html) => {
    const field = make(html);
    expect(isTextField(field)).toBe(true);
    for (const k of [' ', 'k', 'j', 'l', 'm', 'f', 'c', '5', 'ArrowLeft', 'Home', '?']) expect(shortcutFor(key(k), field)).toBeNull();
  });

  it('nor while a text field elsewhere in the page has the focus (the key reached the player another way)', () => {
    const surface = make('<div tabindex="0"></div>');
    const elsewhere = make('<textarea></textarea>');
    expect(shortcutFor(key('k'), surface, elsewhere)).toBeNull();
    expect(shortcutFor(key('k'), surface, surface)).toEqual({ do: 'togglePlay' });
  });

  it('a text inside a contenteditable block is a text field too; buttons, sliders and checkboxes are not', () => {
    const block = make('<div contenteditable="true"><b>bold</b></div>');
    expect(isTextField(block.querySelector('b'))).toBe(true);
    for (const html of ['<button>Play</button>', '<input type="range">', '<input type="checkbox">', '<div tabindex="0"></div>']) expect(isTextField(make(html))).toBe(false);
  });
});
