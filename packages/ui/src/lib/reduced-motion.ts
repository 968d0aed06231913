import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

const subscribe = (changed: () => void) => {
  const m = media();
  m?.addEventListener('change', changed);
  return () => m?.removeEventListener('change', changed);
};

/** Whether the person asked their system for reduced motion; follows the setting when it changes. */
export const usePrefersReducedMotion = () => useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
