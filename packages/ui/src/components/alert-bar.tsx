import { ALERT_DISMISS_MS } from '@reelbase/api-client';
import { Alert } from 'antd';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { alertAtom } from '../state/atoms.ts';

/** The top alert bar: one message at a time, cleared after 6 seconds (or by its close button). */
export function AlertBar() {
  const [alert, setAlert] = useAtom(alertAtom);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert((a) => (a?.id === alert.id ? null : a)), ALERT_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [alert, setAlert]);
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
          closable={{ 'aria-label': 'Close message', onClose: () => setAlert(null) }}
        />
      )}
    </div>
  );
}
