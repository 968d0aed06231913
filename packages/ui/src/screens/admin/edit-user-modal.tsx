import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type AdminUser, errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { NameAndEmailFields } from '../../components/account-fields.tsx';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

interface NameEmail {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The admin corrects a user's name or email. Only what changed is sent; a new address is taken as
 * confirmed, and the old one is told of the change by mail.
 */
export function EditUserModal({ user, open, onClose }: { user: AdminUser; open: boolean; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NameEmail>();
  const [busy, setBusy] = useState(false);
  const initial: NameEmail = { firstName: user.profile.firstName, lastName: user.profile.lastName, email: user.email };

  async function submit(v: NameEmail) {
    const changed = Object.fromEntries((Object.keys(initial) as (keyof NameEmail)[]).filter((k) => v[k].trim() !== initial[k]).map((k) => [k, v[k]]));
    if (!Object.keys(changed).length) return onClose();
    setBusy(true);
    try {
      const saved = await client.admin.updateUser(user.id, changed);
      queryClient.setQueryData(keys.adminUser(user.id), saved);
      void queryClient.invalidateQueries({ queryKey: keys.adminUsers });
      const oldEmail = initial.email;
      alert('success', changed.email ? t`Saved. ${oldEmail} was told of the new address.` : t`Saved.`);
      onClose();
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors ?? {};
      form.setFields(Object.entries(fields).filter(([k]) => k in initial).map(([name, m]) => ({ name: name as keyof NameEmail, errors: [m] })));
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Edit name and email`} open={open} onCancel={onClose} okText={t`Save changes`} okButtonProps={{ loading: busy, htmlType: 'submit', form: 'edit-user' }} destroyOnHidden>
      <Form<NameEmail> form={form} id="edit-user" name="edit-user" layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit}>
        <NameAndEmailFields own={false} />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          <Trans>A new email address counts as confirmed and becomes the user's sign-in at once. The old address gets a notice.</Trans>
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
