// The controls chunk's bar buttons and their menus of radio items (the captions menu's behaviour:
// arrows, Home/End, Escape, Tab and an outside click close it).

export type ListenIn = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) => void;

export interface Menu {
  button: HTMLButtonElement;
  panel: HTMLElement;
  setItems(items: readonly { label: string; value: number }[]): void;
  check(value: number): void;
  close(): void;
}

/** What the controls chunk's parts build with: buttons on the bar and menus, removed with the chunk. */
export interface BarKit {
  /** A button on the bar, before the pop-out button (Tab order = visual order). */
  button(className: string, label: string, text?: string): HTMLButtonElement;
  /** A bar button with a menu of radio items; `onSelect` gets the chosen item's value. */
  menu(className: string, label: string, onSelect: (value: number) => void): Menu;
}

/**
 * `before`: the element the buttons go before; `made`: where each element goes, removed when the
 * chunk is destroyed; `on`: adds a listener removed with the chunk.
 */
export function createBarKit(root: HTMLElement, bar: HTMLElement, before: Element | null, made: Element[], on: ListenIn): BarKit {
  const doc = root.ownerDocument;
  const menus: Menu[] = [];

  function button(className: string, label: string, text = ''): HTMLButtonElement {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = className;
    b.setAttribute('aria-label', label);
    b.textContent = text;
    bar.insertBefore(b, before);
    made.push(b);
    return b;
  }

  function menu(className: string, label: string, onSelect: (value: number) => void): Menu {
    const b = button(`rb-menu-button ${className}`, label);
    b.setAttribute('aria-haspopup', 'menu');
    b.setAttribute('aria-expanded', 'false');
    const panel = doc.createElement('div');
    panel.className = `rb-menu ${className}-menu`;
    panel.setAttribute('role', 'menu');
    panel.setAttribute('aria-label', label);
    panel.hidden = true;
    root.append(panel);
    made.push(panel);
    let items: HTMLButtonElement[] = [];
    const self: Menu = {
      button: b,
      panel,
      setItems(list) {
        items = list.map(({ label: text, value }) => {
          const item = doc.createElement('button');
          item.type = 'button';
          item.setAttribute('role', 'menuitemradio');
          item.setAttribute('aria-checked', 'false');
          item.dataset.value = String(value);
          item.textContent = text;
          item.addEventListener('click', () => {
            onSelect(value);
            self.close();
            b.focus();
          });
          return item;
        });
        panel.replaceChildren(...items);
      },
      check(value) {
        for (const item of items) item.setAttribute('aria-checked', String(Number(item.dataset.value) === value));
      },
      close() {
        panel.hidden = true;
        b.setAttribute('aria-expanded', 'false');
      },
    };
    on(b, 'click', () => {
      const opening = panel.hidden;
      for (const m of menus) m.close();
      if (!opening) return;
      panel.hidden = false;
      b.setAttribute('aria-expanded', 'true');
      (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    });
    on<KeyboardEvent>(panel, 'keydown', (e) => {
      const at = items.indexOf(doc.activeElement as HTMLButtonElement);
      if (e.key === 'Escape') {
        self.close();
        b.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      } else if (e.key === 'Home' || e.key === 'End') {
        items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
      } else if (e.key === 'Tab') {
        // Tab goes on from the menu's button, to the next control of the bar (Shift+Tab: the one before).
        self.close();
        b.focus();
        return;
      } else return;
      e.preventDefault();
      e.stopPropagation();
    });
    menus.push(self);
    return self;
  }

  on(doc, 'pointerdown', (e) => {
    for (const m of menus) if (!m.panel.contains(e.target as Node) && !m.button.contains(e.target as Node)) m.close();
  });
  return { button, menu };
}
