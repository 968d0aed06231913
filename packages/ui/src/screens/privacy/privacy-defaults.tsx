import { t } from '@lingui/core/macro';
import { errorMessage, type Profile, type Visibility } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { DEFAULT_CHOICES, domainList, domainsRule, formFieldErrors, VISIBILITY_HINTS, visibilityOptions } from './privacy-panel.tsx';

interface Values {
  defaultVisibility: Visibility;
  domains?: string;
}

/** Settings: what new uploads, imports and copies start with (a password is set per video). One PUT /api/profile. */
export function PrivacyDefaults({ profile }: { profile: Profile }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const visibility = Form.useWatch('defaultVisibility', form) ?? profile.defaultVisibility;

  async function save(values: Values) {
    setBusy(true);
    try {
      const r = await client.profile.update({ defaultVisibility: values.defaultVisibility as (typeof DEFAULT_CHOICES)[number], defaultAllowedDomains: domainList(values.domains) });
      queryClient.setQueryData(keys.profile, r.profile);
      alert('success', t`Privacy defaults saved.`);
    } catch (err) {
      const fields = formFieldErrors(err, 'defaultAllowedDomains', ['defaultVisibility']);
      if (fields) form.setFields(fields as { name: keyof Values; errors: string[] }[]);
      else alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      name="privacy-defaults"
      requiredMark={false}
      initialValues={{ defaultVisibility: profile.defaultVisibility, domains: profile.defaultAllowedDomains.join('\n') }}
      onFinish={save}
    >
      <Form.Item label={t`New videos: who can watch`} name="defaultVisibility" extra={t`${VISIBILITY_HINTS[visibility]} Each video can change it on its page.`}>
        <Select options={visibilityOptions(DEFAULT_CHOICES)} aria-label={t`New videos: who can watch`} />
      </Form.Item>
      <Form.Item label={t`New videos: embed only on these domains`} name="domains" rules={[domainsRule]} extra={t`One a line, such as example.com or *.example.com. Empty: any site.`}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t`example.com`} />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={busy}>{t`Save privacy defaults`}</Button>
      </Flex>
    </Form>
  );
}
