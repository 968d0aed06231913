import { t as tr } from '@lingui/core/macro';
import { ArrowLeftOutlined, CopyOutlined, DeleteOutlined, EditOutlined, LineChartOutlined, SwapOutlined } from '@ant-design/icons';
import { editBlockedReason, errorMessage, VIDEO_PAGE_SIZE_DEFAULT, VideoName, WATERMARK_MESSAGES } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, Modal, Result, Row, Skeleton, theme, Typography } from 'antd';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatDate, formatMegabytes } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { useCan, useTeamActive } from '../teams/use-team.ts';
import { videoListAtom } from '../../state/atoms.ts';
import { isSettling, VideoStatus } from '../videos/video-status.tsx';
import { EmbedPanel } from './embed-panel.tsx';
import { GifPanel } from './gif-panel.tsx';
import { PrivacyPanel } from '../privacy/privacy-panel.tsx';
import { CaptionsPanel } from '../captions/captions-panel.tsx';
import { AudioTracksCard } from '../audio-tracks/audio-tracks-card.tsx';
import { ChaptersPanel } from './chapters-panel.tsx';
import { DetailsCard } from '../details/details-card.tsx';
import { OwnerVideo } from './owner-video.tsx';
import { PlayerSettings } from './player-settings.tsx';
import { ReplaceModal } from './replace-modal.tsx';
import { ShareButton } from './share-dialog.tsx';
import { TranscriptPanel } from './transcript-panel.tsx';
import { GenerateCaptions } from '../captions/generate-captions.tsx';
import { useCopyVideo } from './use-copy-video.ts';
import { usePreview } from './use-preview.ts';
import { VideoTools } from './video-tools.tsx';
import { ThumbnailTestPanel } from './thumbnail-test-panel.tsx';
import { ReviewMarkerStrip } from '../review/marker-strip.tsx';
import { ReviewPanel } from '../review/review-panel.tsx';

export const deleteVideoText = () => tr`Are you sure you want to permanently delete this video? This cannot be undone.`;

/** /{videoId}: title with a back arrow, the mp4 player, rename, delete and the embedding panel. */
/** Who uploaded it, after the date ("Uploaded 2026-11-29 by Ada"). */
const uploadedByText = (name: string) => tr`by ${name}`;

export function VideoPage() {
  const { videoId = '' } = useParams();
  const client = useClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alert = useAlert();
  const setList = useSetAtom(videoListAtom);
  // Changing the video needs an active account and a role that edits (a viewer watches, and copies the embed code).
  const canEdit = useCan('edit');
  const active = useTeamActive() && canEdit;
  const { token } = theme.useToken();
  const [modal, setModal] = useState<'rename' | 'delete' | 'replace' | null>(null);
  const [busy, setBusy] = useState(false);
  const { copy, copying } = useCopyVideo();
  // ?t= (a search hit's time) opens the video there; a transcript line seeks the same way.
  const [searchParams] = useSearchParams();
  const [seek, setSeek] = useState<{ at: number; n: number } | null>(() => {
    const t = Number(searchParams.get('t'));
    return Number.isFinite(t) && t > 0 ? { at: t, n: 0 } : null;
  });

  const video = useQuery({
    queryKey: keys.video(videoId),
    queryFn: () => client.videos.get(videoId),
    // Polled while it changes (processing, quality levels, a trim, a watermark): states and tools follow without a reload.
    refetchInterval: (q) => (q.state.data && isSettling(q.state.data) ? 2000 : false),
  });
  const v = video.data;
  // The player plays the signed-in preview answer: any visibility, not charged to the plan.
  const preview = usePreview(v ?? { id: videoId, hlsSource: null, videoSource: null, imageUrl: null, visibility: 'public' });
  const ownSource = preview.data ? preview.data.mp4Source : preview.isError ? (v?.videoSource ?? null) : null;

  async function rename(values: { name: string }) {
    setBusy(true);
    try {
      const updated = await client.videos.rename(videoId, values.name);
      queryClient.setQueryData(keys.video(videoId), updated);
      void queryClient.invalidateQueries({ queryKey: keys.videos });
      alert('success', tr`Video renamed.`);
      setModal(null);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await client.videos.remove(videoId);
      // Back to My videos, listed again with limit 10, page 1.
      setList((s) => ({ ...s, limit: VIDEO_PAGE_SIZE_DEFAULT, page: 1, selectedIds: [] }));
      queryClient.removeQueries({ queryKey: keys.video(videoId) });
      await queryClient.invalidateQueries({ queryKey: keys.videos });
      alert('success', tr`Video deleted.`, { follow: true });
      navigate('/', { replace: true });
    } catch (err) {
      alert('error', errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden />{' '}{tr`Back`}</Link>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
          {v?.name ?? (video.isError ? tr`Video` : '…')}
        </Typography.Title>
        {v && (
          <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
            <ShareButton video={v} />
            <Button icon={<LineChartOutlined aria-hidden />} onClick={() => navigate(`/video-analytics/${videoId}`)}>{tr`Analytics`}</Button>
          </Flex>
        )}
      </Flex>
      {video.isPending ? (
        <Skeleton active />
      ) : video.isError ? (
        <Result status="404" title={tr`This video is not available`} subTitle={errorMessage(video.error)} extra={<Link to="/">{tr`Back to My videos`}</Link>} />
      ) : (
        v && (
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={15}>
              <Card styles={{ body: { padding: 0, overflow: 'hidden' } }}>
                {v.isMainReady && v.videoSource ? (
                  ownSource ? (
                    <OwnerVideo
                      src={ownSource}
                      poster={(preview.data?.poster ?? v.imageUrl) || undefined}
                      label={tr`Video: ${v.name}`}
                      renew={async () => (await preview.refetch()).data?.mp4Source ?? null}
                      seek={seek}
                    />
                  ) : (
                    <div style={{ aspectRatio: '16 / 9', background: '#000' }} aria-busy="true" />
                  )
                ) : (
                  <div style={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', background: token.colorFillSecondary }} role="status">
                    {v.status === 'failed' ? tr`This video could not be processed.${v.processing.error ? ` ${v.processing.error}` : ''}` : tr`The video is being processed…`}
                  </div>
                )}
                {v.isMainReady && <ReviewMarkerStrip videoId={v.id} durationSec={v.metadata.durationSec} onSeek={(at) => setSeek((s) => ({ at, n: (s?.n ?? 0) + 1 }))} />}
                <Flex justify="space-between" align="center" wrap gap={12} style={{ padding: 16 }}>
                  <Flex vertical gap={6}>
                    <VideoStatus video={v} />
                    <span style={{ color: token.colorTextSecondary, fontSize: 13 }}>{tr`Uploaded`}{' '}{formatDate(v.createdAt)}
                      {v.uploadedBy && <>{' '}{uploadedByText(v.uploadedBy.name)}</>} · {formatMegabytes(v.size)}
                      {v.updatedBy && v.updatedBy.id !== v.uploadedBy?.id && tr` · last changed by ${v.updatedBy.name}`}
                    </span>
                  </Flex>
                  {active && (
                    <Flex gap={8} wrap>
                      <Button icon={<EditOutlined aria-hidden />} onClick={() => setModal('rename')}>{tr`Rename`}</Button>
                      <Button
                        icon={<CopyOutlined aria-hidden />}
                        loading={copying === v.id}
                        disabled={v.processing.stage !== 'ready'}
                        title={v.processing.stage !== 'ready' ? (editBlockedReason(v) ?? undefined) : undefined}
                        onClick={async () => {
                          const made = await copy(v);
                          if (made) navigate(`/${made.id}`);
                        }}
                      >{tr`Copy`}</Button>
                      <Button
                        icon={<SwapOutlined aria-hidden />}
                        disabled={v.processing.stage !== 'ready' || !!v.watermark}
                        title={v.processing.stage !== 'ready' ? (editBlockedReason(v) ?? undefined) : v.watermark ? WATERMARK_MESSAGES.replaceOverMarked : undefined}
                        onClick={() => setModal('replace')}
                      >{tr`Replace video`}</Button>
                      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setModal('delete')}>{tr`Delete`}</Button>
                    </Flex>
                  )}
                </Flex>
                <div style={{ padding: '0 16px 16px' }}>
                  <VideoTools video={v} />
                </div>
              </Card>
              <DetailsCard key={`${v.description}\n${v.tags.join('\n')}`} video={v} canEdit={active} />
              <ReviewPanel videoId={v.id} canEdit={active} onSeek={(at) => setSeek((s) => ({ at, n: (s?.n ?? 0) + 1 }))} />
              <TranscriptPanel videoId={v.id} onSeek={(at) => setSeek((s) => ({ at, n: (s?.n ?? 0) + 1 }))} />
              <ChaptersPanel key={JSON.stringify(v.chapters)} video={v} canEdit={active} />
              <GenerateCaptions videoId={v.id} canEdit={active} />
            </Col>
            <Col xs={24} lg={9}>
              <Card title={tr`Privacy`} size="small" style={{ marginBottom: 16 }}>
                <PrivacyPanel key={`${v.visibility}:${v.allowedDomains.join(',')}`} video={v} disabled={!active} />
              </Card>
              <EmbedPanel video={v} />
              <GifPanel videoId={v.id} />
              {v.isMainReady && <ThumbnailTestPanel video={v} canEdit={active} />}
              <CaptionsPanel videoId={v.id} canEdit={active} />
              <AudioTracksCard videoId={v.id} canEdit={active} />
            </Col>
          </Row>
        )
      )}
      {v && <PlayerSettings video={v} active={active} />}
      {v && <ReplaceModal video={v} open={modal === 'replace'} onClose={() => setModal(null)} />}
      <Modal title={tr`Rename video`} open={modal === 'rename'} onCancel={() => setModal(null)} footer={null} destroyOnHidden>
        <Form layout="vertical" name="rename" initialValues={{ name: v?.name }} onFinish={rename} requiredMark={false}>
          <Form.Item
            label={tr`Video name`}
            name="name"
            rules={[
              {
                validator: async (_, value) => {
                  const r = VideoName.safeParse(value ?? '');
                  if (!r.success) throw new Error(r.error.issues[0]?.message);
                },
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Flex gap={8} justify="end">
            <Button onClick={() => setModal(null)}>{tr`Cancel`}</Button>
            <Button type="primary" htmlType="submit" loading={busy}>{tr`Save`}</Button>
          </Flex>
        </Form>
      </Modal>
      <Modal
        title={tr`Delete video`}
        open={modal === 'delete'}
        onCancel={() => setModal(null)}
        okText={tr`Delete`}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={remove}
      >
        <p>{deleteVideoText()}</p>
      </Modal>
    </>
  );
}
