import { t } from '@lingui/core/macro';
import { Modal } from 'antd';
import { useContext, useEffect, useRef, useState } from 'react';
import { type To, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { setPopGuard } from '../../lib/pop-guard.ts';

/** The path a navigation goes to, relative to where the page is. */
const pathOf = (to: To) => (typeof to === 'string' ? new URL(to, window.location.href).pathname : (to.pathname ?? window.location.pathname));

/**
 * While `dirty`, leaving asks first: a dialog to stay or leave for another screen of the app (a
 * link, a search, a team switch, Back or Forward), the browser's own prompt for a reload or a
 * closed tab (beforeunload).
 *
 * The app's routers are the declarative ones, where React Router's useBlocker does not work; a data
 * router would add 14 KB (brotli) to the first load. So the guard holds the router's own navigator
 * (every Link and navigate() goes through its push and replace) and puts Back/Forward back where
 * they were until the owner chooses to leave.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const [held, setHeld] = useState<(() => void) | null>(null);
  // A Back/Forward undone by the guard fires its own popstate, which the router must not see either;
  // one repeated after "Leave" is the router's to follow.
  const undoing = useRef(false);
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const { push, replace, go } = navigator;
    const hold = (leave: () => void) => setHeld(() => leave);
    navigator.push = (to, state, opts) => (pathOf(to) === pathname ? push.call(navigator, to, state, opts) : hold(() => push.call(navigator, to, state, opts)));
    navigator.replace = (to, state, opts) => (pathOf(to) === pathname ? replace.call(navigator, to, state, opts) : hold(() => replace.call(navigator, to, state, opts)));

    // Back or Forward has already moved the URL when popstate comes: stop the router from
    // following, go back to the editor's entry, and ask; leaving repeats the move.
    const idx = { current: (window.history.state as { idx?: number } | null)?.idx };
    const onPop = (e: PopStateEvent) => {
      if (passing.current) {
        passing.current = false;
        return;
      }
      e.stopImmediatePropagation();
      if (undoing.current) {
        undoing.current = false;
        return;
      }
      const moved = (window.history.state as { idx?: number } | null)?.idx;
      const here = idx.current;
      const delta = typeof moved === 'number' && typeof here === 'number' ? moved - here : -1;
      undoing.current = true;
      go.call(navigator, -delta);
      hold(() => {
        passing.current = true;
        go.call(navigator, delta);
      });
    };
    // Seen before the router's own popstate listener (lib/pop-guard.ts).
    const endPopGuard = setPopGuard(onPop);

    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      endPopGuard();
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, navigator, pathname]);

  // Saved (or undone to the saved cues) while the dialog is open: nothing to lose.
  useEffect(() => {
    if (held && !dirty) setHeld(null);
  }, [held, dirty]);

  function leave() {
    const go = held;
    setHeld(null);
    // The guard's effect has not been undone yet: the held navigation calls the router's own methods directly.
    go?.();
  }

  return (
    <Modal open={!!held} title={t`Leave without saving?`} okText={t`Leave`} okButtonProps={{ danger: true }} cancelText={t`Stay`} onOk={leave} onCancel={() => setHeld(null)}>
      {t`Your caption edits are not saved. If you leave now, they are lost.`}
    </Modal>
  );
}
