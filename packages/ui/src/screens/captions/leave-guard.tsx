import { t } from '@lingui/core/macro';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `dirty`, leaving asks first: another screen of the app through the router's blocker (a
 * dialog to stay or leave), a reload or a closed tab through the browser's own beforeunload prompt.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Saved (or undone to the saved cues) while the dialog is open: nothing to lose, go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t`Leave without saving?`}
      okText={t`Leave`}
      okButtonProps={{ danger: true }}
      cancelText={t`Stay`}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t`Your caption edits are not saved. If you leave now, they are lost.`}
    </Modal>
  );
}
