import { t } from '@lingui/core/macro';
import { PlusOutlined } from '@ant-design/icons';
import { errorMessage, THUMBNAIL_TEST_MAX_COVERS, THUMBNAIL_TEST_MIN_COVERS, type ThumbnailTest, type Video } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { formatTimeInput } from '../../lib/time-input.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { TimeField } from './tools/time-field.tsx';

/** While a test runs its figures are read again this often (the API adds them up every few seconds). */
const REFRESH_MS = 30_000;

const coverLabel = (test: ThumbnailTest, id: string | null) => {
  const i = test.covers.findIndex((c) => c.id === id);
  return i < 0 ? '' : t`Cover ${i + 1} (${formatTimeInput(test.covers[i].timeSec)})`;
};

/** What the test says now: running with or without a winner yet, or ended with the poster it kept. */
function summary(test: ThumbnailTest): string {
  const leader = coverLabel(test, test.leaderCoverId);
  if (test.status === 'ended') {
    const winner = coverLabel(test, test.winnerCoverId);
    return test.endedBy === 'auto' ? t`Ended by itself: ${winner} won with 95% confidence and is the poster.` : t`Ended: ${winner} is the poster.`;
  }
  if (test.significant) return t`${leader} wins with 95% confidence; the test ends at its next check and keeps it.`;
  return leader ? t`${leader} leads; no cover wins with 95% confidence yet.` : t`No viewer has seen a cover yet.`;
}

/**
 * The video page's thumbnail test (issue 33): 2 or 3 seconds of the video become covers shown to
 * viewers in a stable split; per cover its impressions, plays and plays per impression; the owner
 * ends it keeping a cover, or it ends itself once one wins with 95% confidence.
 */
export function ThumbnailTestPanel({ video, canEdit }: { video: Video; canEdit: boolean }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const { token } = theme.useToken();
  const duration = video.metadata.durationSec ?? 0;
  const [seconds, setSeconds] = useState<number[]>(() => [0.25, 0.5].map((share) => Math.floor(duration * share)));
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: keys.thumbnailTest(video.id),
    queryFn: () => client.thumbnailTests.get(video.id),
    refetchInterval: (q) => (q.state.data?.test?.status === 'running' ? REFRESH_MS : false),
  });
  const test = query.data?.test ?? null;
  const running = test?.status === 'running';

  async function act(task: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await task();
      alert('success', done);
      await Promise.all([query.refetch(), queryClient.refetchQueries({ queryKey: keys.video(video.id) })]);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const start = () => act(() => client.thumbnailTests.start(video.id, seconds), t`Thumbnail test started.`);
  const end = (winner?: string) => test && act(() => client.thumbnailTests.end(video.id, test.id, winner), t`Thumbnail test ended.`);

  return (
    <Card title={t`Thumbnail test`} size="small" style={{ marginBottom: 16 }} data-testid="thumbnail-test">
      {query.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {test && (
        <Flex vertical gap={12} style={{ marginBottom: canEdit && !running ? 16 : 0 }}>
          <Typography.Text role="status">{summary(test)}</Typography.Text>
          {test.covers.map((c, i) => (
            <Flex key={c.id} gap={12} align="center">
              <img src={c.imageUrl} alt={t`Cover ${i + 1}`} style={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: token.borderRadius, background: token.colorFillSecondary }} />
              <Flex vertical gap={2} style={{ flex: 1 }}>
                <span>
                  {coverLabel(test, c.id)}{' '}
                  {c.id === test.winnerCoverId ? <Tag color="success">{t`Winner`}</Tag> : running && c.id === test.leaderCoverId ? <Tag color="processing">{t`Leading`}</Tag> : null}
                </span>
                <span style={{ color: token.colorTextSecondary, fontSize: 13 }}>
                  {t`${c.impressions} impressions · ${c.plays} plays · ${(c.playsPerImpression * 100).toFixed(1)}% plays per impression`}
                </span>
              </Flex>
              {canEdit && running && (
                <Button size="small" disabled={busy} onClick={() => end(c.id)}>{t`Keep this cover`}</Button>
              )}
            </Flex>
          ))}
          {canEdit && running && (
            <Button onClick={() => end()} loading={busy} style={{ alignSelf: 'start' }}>{t`End test and keep the leader`}</Button>
          )}
        </Flex>
      )}
      {canEdit && !running && !query.isPending && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t`Choose ${THUMBNAIL_TEST_MIN_COVERS} or ${THUMBNAIL_TEST_MAX_COVERS} seconds of the video: each becomes a cover, and each viewer sees one of them.`}</Typography.Text>
          <Flex gap={8} wrap align="center">
            {seconds.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the fields are positions, not items.
              <TimeField key={i} id={`thumbnail-test-second-${i}`} label={t`Second of cover ${i + 1}`} value={s} onChange={(v) => setSeconds((all) => all.map((x, j) => (j === i ? v : x)))} />
            ))}
            {seconds.length < THUMBNAIL_TEST_MAX_COVERS ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setSeconds((all) => [...all, Math.floor(duration * 0.75)])}>{t`Add a cover`}</Button>
            ) : (
              <Button onClick={() => setSeconds((all) => all.slice(0, THUMBNAIL_TEST_MIN_COVERS))}>{t`Remove the third cover`}</Button>
            )}
          </Flex>
          <Button type="primary" onClick={start} loading={busy} style={{ alignSelf: 'start' }}>{t`Start thumbnail test`}</Button>
        </Flex>
      )}
      {!test && !canEdit && !query.isPending && <Typography.Text type="secondary">{t`No thumbnail test yet.`}</Typography.Text>}
    </Card>
  );
}
