import { t } from '@lingui/core/macro';
import { ApiError, DESCRIPTION_MAX_LENGTH, errorMessage, TAG_MAX_LENGTH, TAGS_MAX, tidyTags, type Video } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/** A link to My videos filtered by one tag (every folder). */
export const tagHref = (tag: string) => `/?${new URLSearchParams({ tag })}`;

/** A video's tags as links to My videos filtered by each. */
export function TagLinks({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <Flex gap={4} wrap data-testid="video-tags">
      {tags.map((tag) => (
        <Tag key={tag} style={{ marginInlineEnd: 0 }}>
          <Link to={tagHref(tag)}>{tag}</Link>
        </Tag>
      ))}
    </Flex>
  );
}

interface Values {
  description: string;
  tags: string[];
}

/**
 * Issue 34: the video page's "Details" card: the description (plain text; the share page makes its
 * links clickable) and the tags. Those who may not edit see them read-only.
 */
export function DetailsCard({ video, canEdit }: { video: Video; canEdit: boolean }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const title = <h2 style={{ fontSize: 16, margin: 0 }}>{t`Details`}</h2>;

  if (!canEdit) {
    return (
      <Card title={title} size="small" style={{ marginTop: 16 }} data-testid="details-card">
        {video.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{video.description}</Typography.Paragraph> : <Typography.Text type="secondary">{t`No description.`}</Typography.Text>}
        <TagLinks tags={video.tags} />
      </Card>
    );
  }

  async function save(values: Values) {
    setSaving(true);
    try {
      const saved = await client.details.save(video.id, { description: values.description ?? '', tags: tidyTags(values.tags ?? []) });
      queryClient.setQueryData(keys.video(video.id), saved);
      void queryClient.invalidateQueries({ queryKey: keys.videos });
      form.setFieldsValue({ description: saved.description, tags: saved.tags });
      alert('success', t`Details saved.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        form.setFields(Object.entries(err.errors ?? {}).map(([key, message]) => ({ name: key.split('.')[0] as keyof Values, errors: [message] })));
      } else alert('error', errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={title} size="small" style={{ marginTop: 16 }} data-testid="details-card">
      <Form<Values> form={form} layout="vertical" name="video-details" requiredMark={false} initialValues={{ description: video.description, tags: video.tags }} onFinish={save}>
        <Form.Item label={t`Description`} name="description" extra={t`Plain text. Links (http:// or https://) become clickable on the share page.`}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={DESCRIPTION_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item
          label={t`Tags`}
          name="tags"
          // No placeholder: antd's grey placeholder text fails the contrast check.
          extra={t`Up to ${TAGS_MAX} tags of up to ${TAG_MAX_LENGTH} characters, e.g. product, tutorial. Press Enter after each.`}
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const tags = tidyTags(value ?? []);
                if (tags.length > TAGS_MAX) throw new Error(t`Give at most ${TAGS_MAX} tags.`);
                if (tags.some((tag) => tag.length > TAG_MAX_LENGTH)) throw new Error(t`Each tag must be 1 to ${TAG_MAX_LENGTH} characters.`);
              },
            },
          ]}
        >
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} aria-label={t`Tags`} />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={saving}>{t`Save details`}</Button>
        </Flex>
      </Form>
    </Card>
  );
}
