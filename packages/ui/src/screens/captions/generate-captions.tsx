import { t as tr } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format.ts';
import { AudioOutlined } from '@ant-design/icons';
import { errorMessage, GENERATED_CAPTION_CHOICES } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/**
 * The video page's "Generated captions": a language and a button that starts a track made from
 * the video's speech on the workers; its generated tracks with their state, followed while
 * they are being made (like processing), a failed one with its reason.
 */
export function GenerateCaptions({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [language, setLanguage] = useState<string>(GENERATED_CAPTION_CHOICES[0].value);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: keys.captions(videoId),
    queryFn: () => client.captions.list(videoId),
    refetchInterval: (q) => (q.state.data?.items.some((t) => t.status === 'processing') ? 2000 : false),
  });
  const generated = (list.data?.items ?? []).filter((t) => t.kind === 'generated');

  async function start() {
    setBusy(true);
    try {
      await client.captions.generate(videoId, language);
      await queryClient.invalidateQueries({ queryKey: keys.captions(videoId) });
      alert('success', tr`Captions are being generated.`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={tr`Generated captions`} size="small" style={{ marginTop: 16 }} data-testid="generate-captions">
      <Flex vertical gap={8}>
        {canEdit && (
          <Flex gap={8} wrap align="center">
            <Select aria-label={tr`Language of the speech`} value={language} onChange={setLanguage} options={[...GENERATED_CAPTION_CHOICES]} style={{ minWidth: 220 }} />
            <Button icon={<AudioOutlined aria-hidden />} loading={busy} onClick={start}>{tr`Generate captions`}</Button>
          </Flex>
        )}
        {generated.map((t) => (
          <Flex key={t.id} gap={6} wrap align="center" data-testid="generated-track">
            <span>{t.label}</span>
            {t.status === 'processing' && <Tag color="gold">{tr`Generating…`}</Tag>}
            {t.status === 'ready' && <Tag color="green">{tr`${formatNumber(t.cueCount)} cues`}</Tag>}
            {t.status === 'failed' && (
              <>
                <Tag color="red">{tr`Failed`}</Tag>
                <Typography.Text type="secondary">{t.error}</Typography.Text>
              </>
            )}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
