import { t as tr } from '@lingui/core/macro';
import { TRIM_MESSAGES, TRIM_MIN_SECONDS, type Video } from '@reelbase/api-client';
import { Button, Flex, Form, Modal, Slider, Typography } from 'antd';
import { useRef, useState } from 'react';
import { formatTimeInput } from '../../../lib/time-input.ts';
import { useClient } from '../../../services.tsx';
import { TimeField } from './time-field.tsx';
import { useStartVideoJob } from './use-video-job.ts';

type Mode = 'new' | 'overwrite';

/** Video Trimmer: a player, a range on the timeline, hh:mm:ss inputs, then a new video or an overwrite. */
export function TrimModal({ video, open, onClose }: { video: Video; open: boolean; onClose(): void }) {
  const client = useClient();
  const startJob = useStartVideoJob(video.id, onClose);
  const player = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(video.metadata.durationSec ?? 0);
  const [range, setRange] = useState<[number, number]>([0, duration]);
  const [busy, setBusy] = useState<Mode | null>(null);
  const [start, end] = range;
  const tooShort = end - start < TRIM_MIN_SECONDS;

  const seek = (t: number) => {
    if (player.current) player.current.currentTime = t;
  };
  const clamp = (t: number) => Math.min(Math.max(0, t), duration);
  function change(next: [number, number]) {
    // Show the frame at the handle that moved.
    seek(next[0] !== start ? next[0] : next[1]);
    setRange(next);
  }

  const [confirming, setConfirming] = useState(false);
  async function save(mode: Mode) {
    setConfirming(false);
    setBusy(mode);
    // Saved as new: the new video opens, trimming. Overwritten: this video's page, which says it is trimming.
    const ok =
      mode === 'new'
        ? await startJob(() => client.videos.trim(video.id, { start, end, mode }), tr`The trimmed video is being made. It plays here when it is ready.`, (made) => `/${made.id}`)
        : await startJob(() => client.videos.trim(video.id, { start, end, mode }), tr`The video is being trimmed. It keeps playing meanwhile.`, () => `/${video.id}`);
    if (!ok) setBusy(null);
  }

  return (
    <Modal
      title={tr`Video Trimmer`}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose}>{tr`Cancel`}</Button>
          <Button disabled={tooShort || busy !== null} loading={busy === 'overwrite'} onClick={() => setConfirming(true)}>{tr`Overwrite Original`}</Button>
          <Button type="primary" disabled={tooShort || busy !== null} loading={busy === 'new'} onClick={() => save('new')}>{tr`Save As New Video`}</Button>
        </Flex>
      }
    >
      <video
        ref={player}
        controls
        muted
        preload="metadata"
        src={video.videoSource ?? undefined}
        poster={video.imageUrl ?? undefined}
        aria-label={tr`Trim preview`}
        style={{ display: 'block', width: '100%', maxHeight: '50vh', background: '#000', borderRadius: 6 }}
        onLoadedMetadata={(e) => {
          // The stored duration may be missing (an old row); the player knows it.
          const d = e.currentTarget.duration;
          if (!duration && Number.isFinite(d)) {
            setDuration(d);
            setRange([0, d]);
          }
        }}
      >
        <track kind="captions" />
      </video>
      <Slider
        range
        min={0}
        max={duration || 1}
        step={0.1}
        value={range}
        onChange={(v) => change(v as [number, number])}
        tooltip={{ formatter: (v) => formatTimeInput(v ?? 0) }}
        ariaLabelForHandle={[tr`Trim start`, tr`Trim end`]}
        style={{ margin: '20px 8px' }}
      />
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <Form.Item label={tr`Start time`} htmlFor="trim-start">
          <TimeField id="trim-start" label={tr`Start time`} value={start} onChange={(t) => change([Math.min(clamp(t), end), end])} />
        </Form.Item>
        <Form.Item label={tr`End time`} htmlFor="trim-end">
          <TimeField id="trim-end" label={tr`End time`} value={end} onChange={(t) => change([start, Math.max(clamp(t), start)])} />
        </Form.Item>
        <Form.Item label={tr`Length`}>
          <span data-testid="trim-length">{formatTimeInput(end - start)}</span>
        </Form.Item>
      </Form>
      <Modal
        title={tr`Overwrite the original?`}
        open={confirming}
        onCancel={() => setConfirming(false)}
        okText={tr`Overwrite Original`}
        okButtonProps={{ danger: true }}
        onOk={() => save('overwrite')}
      >
        <p>{tr`Only ${formatTimeInput(start)} to ${formatTimeInput(end)} of “${video.name}” is kept; the rest is deleted and cannot be brought back. The embed code and statistics stay the same.`}</p>
      </Modal>
      {tooShort && (
        <Typography.Paragraph type="warning" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
          {TRIM_MESSAGES.endAfterStart}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
