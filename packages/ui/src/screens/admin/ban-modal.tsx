import { t } from '@lingui/core/macro';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

/** The set-ban modal: an optional reason (sent as null when left empty), then the ban. */
export function SetBanModal({ open, who, onClose, onBan }: { open: boolean; who: string; onClose(): void; onBan(reason: string | null): Promise<unknown> }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={t`Ban user`}
      open={open}
      onCancel={onClose}
      okText={t`Ban`}
      okButtonProps={{ danger: true, loading: busy }}
      afterClose={() => setReason('')}
      onOk={async () => {
        setBusy(true);
        try {
          await onBan(reason.trim() || null);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{t`Ban ${who}? They are signed out at once and cannot sign in until unbanned.`}</p>
      <Form layout="vertical">
        <Form.Item label={t`Reason (optional)`} htmlFor="ban-reason" extra={t`Kept in the user's notes.`}>
          <Input.TextArea id="ban-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
