import { t } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { AccountFields, type AccountValues, accountValid, showFieldErrors } from '../../components/account-fields.tsx';
import { useAlert, useClient } from '../../services.tsx';

/** The create-user modal: an admin creates a confirmed account directly (no payment step). */
export function CreateUserModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const client = useClient();
  const alert = useAlert();
  const [form] = Form.useForm<AccountValues>();
  const values = Form.useWatch([], form);
  const [busy, setBusy] = useState(false);

  async function submit(v: AccountValues) {
    setBusy(true);
    try {
      const r = await client.admin.createUser(v);
      alert('success', r.message);
      onCreated();
      onClose();
    } catch (err) {
      showFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t`Create user`}
      open={open}
      onCancel={onClose}
      okText={t`Create user`}
      okButtonProps={{ loading: busy, disabled: busy || !accountValid(values), htmlType: 'submit', form: 'create-user' }}
      afterClose={() => form.resetFields()}
    >
      <Form<AccountValues> form={form} id="create-user" name="create-user" layout="vertical" requiredMark={false} onFinish={submit}>
        <AccountFields />
      </Form>
    </Modal>
  );
}
