/**
 * One screen at a time may see Back/Forward (popstate) before the router does, to hold it (the
 * caption editor's unsaved edits). Browsers call a window's popstate listeners in the order they
 * were added, so this one is added when the app's module loads, before any router listens.
 */
type PopGuard = (e: PopStateEvent) => void;
let current: PopGuard | null = null;

if (typeof window !== 'undefined') window.addEventListener('popstate', (e) => current?.(e));

/** Sets the guard; the returned function removes it (if it is still the one set). */
export function setPopGuard(guard: PopGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}
