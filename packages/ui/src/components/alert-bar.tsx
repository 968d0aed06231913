import { t } from '@lingui/core/macro';
import { ALERT_DISMISS_MS } from '@reelbase/api-client';
import { Alert } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { alertAtom } from '../state/atoms.ts';

const FOLLOW_WINDOW_MS = 1000;

/**
 * The top alert bar: one message at a time, cleared after ALERT_DISMISS_MS (or by its close
 * button), and when the user goes to another page: a message belongs to the page it was shown on.
 * A message raised by the step that navigated (Video deleted, then My videos) goes along once:
 * marked `follow`, or (callers that do not say) a change of page within FOLLOW_WINDOW_MS of it.
 */
export function AlertBar() {
  const [alert, setAlert] = useAtom(alertAtom);
  const { pathname } = useLocation();
  const shownOn = useRef<{ id: number; pathname: string; at: number; follow: boolean } | null>(null);
  if (alert && shownOn.current?.id !== alert.id) shownOn.current = { id: alert.id, pathname, at: Date.now(), follow: !!alert.follow };
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert((a) => (a?.id === alert.id ? null : a)), ALERT_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [alert, setAlert]);
  useEffect(() => {
    const shown = shownOn.current;
    if (!shown || shown.pathname === pathname) return;
    if (shown.follow || Date.now() - shown.at <= FOLLOW_WINDOW_MS) Object.assign(shown, { pathname, follow: false });
    else setAlert((a) => (a?.id === shown.id ? null : a));
  }, [pathname, setAlert]);
  return (
    <div aria-live="polite" data-testid="alert-bar" style={{ position: 'sticky', top: 0, zIndex: 900 }}>
      {alert && (
        <Alert
          key={alert.id}
          type={alert.kind}
          title={alert.text}
          showIcon
          banner
          role={alert.kind === 'error' ? 'alert' : 'status'}
          closable={{ 'aria-label': t`Close message`, onClose: () => setAlert(null) }}
        />
      )}
    </div>
  );
}
