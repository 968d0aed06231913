import { t } from '@lingui/core/macro';
import { AllowedDomains, DEFAULT_VISIBILITIES, errorMessage, PRIVACY_MESSAGES, type Video, VISIBILITIES, type Visibility } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/** What each visibility means, shown under the select. */
export const VISIBILITY_HINTS: Record<Visibility, string> = {
  get public() { return t`Anyone with the link can watch it.`; },
  get unlisted() { return t`Anyone with the link can watch it; it is never listed.`; },
  get private() { return t`Only you (and admins) can watch it.`; },
  get password() { return t`Viewers type the password before it plays.`; },
};

/** The contract's visibility labels (VISIBILITY_LABELS, English) in the app's language. */
const VISIBILITY_NAMES: Record<Visibility, string> = {
  get public() { return t`Public`; },
  get unlisted() { return t`Unlisted`; },
  get private() { return t`Private`; },
  get password() { return t({ message: `Password`, context: `visibility` }); },
};
export const visibilityLabel = (v: Visibility) => VISIBILITY_NAMES[v];
export const visibilityOptions = (choices: readonly Visibility[] = VISIBILITIES) => choices.map((v) => ({ value: v, label: visibilityLabel(v) }));

/** Domains typed one a line or separated by commas or spaces. */
export const domainList = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);
/** The form rule of a domain list: the contract's own check and message. */
export const domainsRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (!AllowedDomains.safeParse(domainList(value)).success) throw new Error(PRIVACY_MESSAGES.domain);
  },
};
export const DEFAULT_CHOICES = DEFAULT_VISIBILITIES;

/**
 * The server's field errors on the form's fields: `domainsField` takes those of the domain list
 * (`allowedDomains`, `allowedDomains.3`); `named` the others by the same name. Null when none fits.
 */
export function formFieldErrors(err: unknown, domainsKey: string, named: string[]): { name: string; errors: string[] }[] | null {
  const fields = (err as { errors?: Record<string, string> }).errors ?? {};
  const out = Object.entries(fields).flatMap(([k, m]) => (k.split('.')[0] === domainsKey ? [{ name: 'domains', errors: [m] }] : named.includes(k) ? [{ name: k, errors: [m] }] : []));
  return out.length ? out : null;
}

interface Values {
  visibility: Visibility;
  password?: string;
  domains?: string;
}

/**
 * Who may watch the video and where it may be embedded: visibility, the password (asked for when
 * there is none yet; left blank keeps the current one) and the embed domain allowlist. One
 * PUT /api/videos/{id}/privacy; the answer replaces the video in the cache (new tokened URLs).
 */
export function PrivacyPanel({ video, disabled }: { video: Video; disabled?: boolean }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const visibility = Form.useWatch('visibility', form) ?? video.visibility;

  async function save(values: Values) {
    setBusy(true);
    try {
      const updated = await client.videos.setPrivacy(video.id, {
        visibility: values.visibility,
        ...(values.password && { password: values.password }),
        allowedDomains: domainList(values.domains),
      });
      queryClient.setQueryData(keys.video(video.id), updated);
      void queryClient.invalidateQueries({ queryKey: keys.videos });
      form.setFieldValue('password', '');
      alert('success', t`Privacy saved.`);
    } catch (err) {
      const fields = formFieldErrors(err, 'allowedDomains', ['visibility', 'password']);
      if (fields) form.setFields(fields as { name: keyof Values; errors: string[] }[]);
      else alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t`Privacy`}>
      <Form
        form={form}
        layout="vertical"
        name="privacy"
        requiredMark={false}
        disabled={disabled}
        initialValues={{ visibility: video.visibility, password: '', domains: video.allowedDomains.join('\n') }}
        onFinish={save}
      >
        <Form.Item label={t`Who can watch`} name="visibility" extra={VISIBILITY_HINTS[visibility]}>
          <Select options={visibilityOptions()} aria-label={t`Who can watch`} />
        </Form.Item>
        {visibility === 'password' && (
          <Form.Item
            label={video.hasPassword ? t`New password (leave blank to keep the current one)` : t`Password`}
            name="password"
            rules={[{ required: !video.hasPassword, message: PRIVACY_MESSAGES.passwordRequired }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label={t`Embed only on these domains`} name="domains" rules={[domainsRule]} extra={t`One a line, such as example.com or *.example.com. Empty: any site.`}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t`example.com`} />
        </Form.Item>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{video.visibility === 'public' ? t`Its media URLs are public.` : t`Its media URLs need a short-lived token.`}</Typography.Text>
          <Button type="primary" htmlType="submit" loading={busy}>{t`Save privacy`}</Button>
        </Flex>
      </Form>
    </section>
  );
}
