import { t } from '@lingui/core/macro';
import { errorMessage, SHOWCASE_SLUG_MAX, type Showcase, ShowcaseSlug, type ShowcaseVisibility } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, List, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient } from '../../services.tsx';

type Values = {
  name: string;
  slug: string;
  description: string;
  source: 'videos' | 'folder';
  folderId?: string;
  visibility: ShowcaseVisibility;
  password?: string;
  theme: { logo: string; colours: { background: string; text: string; accent: string } };
};

/** A page address from a name: lowercase letters, digits and single hyphens. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SHOWCASE_SLUG_MAX)
    .replace(/-+$/, '');

const DEFAULT_COLOURS = { background: '#0F1115', text: '#F2F4F8', accent: '#1974BB' };

/** Picks videos from the team's newest 100 (a search narrows them) and keeps them in the chosen order. */
function VideoPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const client = useClient();
  const [search, setSearch] = useState('');
  const videos = useQuery({ queryKey: ['showcases', 'videos', search], queryFn: () => client.videos.list({ limit: 100, direction: 'DESC', search: search || undefined }) });
  const names = new Map((videos.data?.items ?? []).map((v) => [v.id, v.name]));
  const [known, setKnown] = useState(new Map<string, string>());
  const nameOf = (id: string) => names.get(id) ?? known.get(id) ?? id;
  const toggle = (id: string, on: boolean) => {
    if (on) setKnown(new Map(known).set(id, names.get(id) ?? id));
    onChange(on ? [...value, id] : value.filter((x) => x !== id));
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <Flex vertical gap={8}>
      <Input.Search placeholder={t`Search videos`} allowClear onSearch={setSearch} aria-label={t`Search videos`} />
      <div style={{ maxHeight: 220, overflowY: 'auto', border: '1px solid rgba(128,128,128,.3)', borderRadius: 6, padding: 8 }}>
        {videos.isPending ? (
          <Typography.Text type="secondary">{t`Loading…`}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            {(videos.data?.items ?? []).map((v) => (
              <Checkbox key={v.id} checked={value.includes(v.id)} onChange={(e) => toggle(v.id, e.target.checked)}>
                {v.name}
              </Checkbox>
            ))}
          </Flex>
        )}
      </div>
      {value.length > 0 && (
        <List
          size="small"
          bordered
          header={t`On the page, in this order`}
          dataSource={value}
          data-testid="showcase-order"
          renderItem={(id, i) => (
            <List.Item
              actions={[
                <Button key="up" size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t`Move up`}>↑</Button>,
                <Button key="down" size="small" disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={t`Move down`}>↓</Button>,
                <Button key="remove" size="small" onClick={() => toggle(id, false)}>{t`Remove`}</Button>,
              ]}
            >
              {i + 1}. {nameOf(id)}
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

/** Creates a showcase or replaces one: the videos (in order) or a folder, visibility, password, colours and logo. */
export function ShowcaseForm({ showcase, onSaved, onCancel }: { showcase: Showcase | null; onSaved: (s: Showcase) => void; onCancel: () => void }) {
  const client = useClient();
  const alert = useAlert();
  const [form] = Form.useForm<Values>();
  const [videoIds, setVideoIds] = useState<string[]>(showcase?.videoIds ?? []);
  const [busy, setBusy] = useState(false);
  const [slugTouched, setSlugTouched] = useState(Boolean(showcase));
  const folders = useQuery({ queryKey: ['showcases', 'folders'], queryFn: () => client.folders.list(null) });
  const source = Form.useWatch('source', form);
  const visibility = Form.useWatch('visibility', form);

  async function save(v: Values) {
    setBusy(true);
    try {
      const input = {
        name: v.name,
        slug: v.slug,
        description: v.description ?? '',
        videoIds: v.source === 'videos' ? videoIds : [],
        folderId: v.source === 'folder' ? (v.folderId ?? null) : null,
        visibility: v.visibility,
        ...(v.visibility === 'password' && v.password ? { password: v.password } : {}),
        theme: { logo: v.theme.logo?.trim() || null, colours: v.theme.colours },
      };
      const saved = showcase ? await client.showcases.update(showcase.id, input) : await client.showcases.create(input);
      alert('success', saved.message);
      onSaved(saved.showcase);
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="showcase"
      requiredMark={false}
      onFinish={save}
      initialValues={{
        name: showcase?.name ?? '',
        slug: showcase?.slug ?? '',
        description: showcase?.description ?? '',
        source: showcase?.folderId ? 'folder' : 'videos',
        folderId: showcase?.folderId ?? undefined,
        visibility: showcase?.visibility ?? 'public',
        theme: { logo: showcase?.theme.logo ?? '', colours: showcase?.theme.colours ?? DEFAULT_COLOURS },
      }}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.name !== undefined && !slugTouched) form.setFieldValue('slug', slugOf(changed.name));
        if (changed.slug !== undefined) setSlugTouched(true);
      }}
    >
      <Form.Item label={t`Name`} name="name" rules={[{ required: true, whitespace: true, message: t`Give the showcase a name.` }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={t`Address`}
        name="slug"
        extra={t`The page is at /s/ followed by this address.`}
        rules={[{ validator: async (_, value) => {
          const r = ShowcaseSlug.safeParse(value ?? '');
          if (!r.success) throw new Error(r.error.issues[0]?.message);
        } }]}
      >
        <Input addonBefore="/s/" />
      </Form.Item>
      <Form.Item label={t`Description`} name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <Form.Item label={t`Videos`} name="source">
        <Radio.Group options={[{ value: 'videos', label: t`Chosen videos` }, { value: 'folder', label: t`A folder (newest first)` }]} />
      </Form.Item>
      {source === 'folder' ? (
        <Form.Item label={t`Folder`} name="folderId" rules={[{ required: true, message: t`Choose a folder.` }]}>
          <Select aria-label={t`Folder`} options={(folders.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }))} loading={folders.isPending} />
        </Form.Item>
      ) : (
        <Form.Item label={t`Chosen videos`}>
          <VideoPicker value={videoIds} onChange={setVideoIds} />
        </Form.Item>
      )}
      <Form.Item label={t`Who can watch`} name="visibility">
        <Radio.Group
          options={[
            { value: 'public', label: t`Public (listed for search engines)` },
            { value: 'unlisted', label: t`Unlisted (anyone with the link)` },
            { value: 'password', label: t`Password` },
          ]}
        />
      </Form.Item>
      {visibility === 'password' && (
        <Form.Item
          label={t`Password`}
          name="password"
          extra={showcase?.hasPassword ? t`Leave empty to keep the current password.` : undefined}
          rules={showcase?.hasPassword ? [] : [{ required: true, message: t`Set a password for this showcase.` }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t`Theme`}</Typography.Title>
      <Flex gap={16} wrap>
        <Form.Item label={t`Background`} name={['theme', 'colours', 'background']}>
          <Input type="color" style={{ width: 64 }} />
        </Form.Item>
        <Form.Item label={t`Text`} name={['theme', 'colours', 'text']}>
          <Input type="color" style={{ width: 64 }} />
        </Form.Item>
        <Form.Item label={t`Links and buttons`} name={['theme', 'colours', 'accent']}>
          <Input type="color" style={{ width: 64 }} />
        </Form.Item>
      </Flex>
      <Form.Item label={t`Logo`} name={['theme', 'logo']} extra={t`The address of one of your uploaded images. Empty: your player logo, if you uploaded one.`}>
        <Input placeholder="https://" inputMode="url" />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>{showcase ? t`Save showcase` : t`Create showcase`}</Button>
        <Button onClick={onCancel}>{t`Cancel`}</Button>
      </Flex>
    </Form>
  );
}
