// The "?" overlay: the keyboard shortcuts, listed in the viewer's language.
import { SHORTCUT_HELP } from './shortcuts.ts';
import type { MessageKey, t as translate } from './strings.ts';

export interface HelpOverlay {
  readonly open: boolean;
  /** Shows it (the default when closed) or closes it, giving the focus back to the player. */
  toggle(show?: boolean): void;
  destroy(): void;
}

export function createHelpOverlay(root: HTMLElement, t: typeof translate): HelpOverlay {
  const doc = root.ownerDocument;
  let help: HTMLElement | null = null;
  function toggle(show = !help): void {
    if (!show) {
      help?.remove();
      help = null;
      root.focus();
      return;
    }
    if (help) return;
    const box = doc.createElement('div');
    box.className = 'rb-help';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', t('shortcuts'));
    const title = doc.createElement('h2');
    title.textContent = t('shortcuts');
    const list = doc.createElement('dl');
    for (const [keys, action] of SHORTCUT_HELP) {
      const dt = doc.createElement('dt');
      dt.textContent = keys.length > 1 ? t(keys as MessageKey) : keys;
      const dd = doc.createElement('dd');
      dd.textContent = t(action);
      list.append(dt, dd);
    }
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'rb-help-close';
    close.textContent = t('close');
    close.addEventListener('click', () => toggle(false));
    box.append(title, list, close);
    box.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' && e.key !== '?') return;
      e.preventDefault();
      e.stopPropagation();
      toggle(false);
    });
    root.append(box);
    help = box;
    close.focus();
  }
  return {
    get open() {
      return !!help;
    },
    toggle,
    destroy: () => help?.remove(),
  };
}
