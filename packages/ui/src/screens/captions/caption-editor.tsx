import { t } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format.ts';
import { ArrowLeftOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { type CaptionTrackDetail, errorMessage, type Video } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, InputNumber, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { useCan, useTeamActive } from '../teams/use-team.ts';
import { OwnerVideo } from '../video/owner-video.tsx';
import {
  apply,
  cueAt,
  cueProblems,
  type EditCue,
  type History,
  insertAfter,
  mergeWithNext,
  redo,
  remove,
  setText,
  setTimes,
  shiftAll,
  split,
  startHistory,
  toCues,
  toEditCues,
  undo,
} from './cue-edits.ts';
import { type CueAction, CueList, ROW_KEYS } from './cue-list.tsx';
import { useEditedTrack } from './editor-video.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { captionKindLabel } from './track-labels.ts';

/** The editor's copy of a track: beside keys.caption's versioned copies, under the video's captions. */
export const captionTrackKey = (videoId: string, captionId: string) => [...keys.captions(videoId), captionId, 'editor'] as const;

/** /{videoId}/captions/{captionId}: the track's cues beside the player, edited and saved as a new version. */
export function CaptionEditorPage() {
  const { videoId = '', captionId = '' } = useParams();
  const client = useClient();
  const video = useQuery({ queryKey: keys.video(videoId), queryFn: () => client.videos.get(videoId) });
  const track = useQuery({
    queryKey: captionTrackKey(videoId, captionId),
    queryFn: () => client.captions.get(videoId, captionId),
    // The editor holds the cues from here on: a refocus must not replace what is being edited.
    refetchOnWindowFocus: false,
  });
  const failed = video.error ?? track.error;
  // A viewer's role (or a lapsed subscription) reads the cues but cannot save them; the API refuses it too.
  const canEdit = useCan('edit');
  const teamActive = useTeamActive();
  const canSave = canEdit && teamActive;
  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Link to={`/${encodeURIComponent(videoId)}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden />{' '}{t`Back to the video`}</Link>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>{t`Edit captions`}{track.data ? `: ${track.data.label}` : ''}
        </Typography.Title>
        {track.data && <Tag>{captionKindLabel(track.data.kind)}</Tag>}
      </Flex>
      {failed ? (
        <Result status="404" title={t`These captions are not available`} subTitle={errorMessage(failed)} extra={<Link to={`/${encodeURIComponent(videoId)}`}>{t`Back to the video`}</Link>} />
      ) : !video.data || !track.data ? (
        <Skeleton active />
      ) : track.data.status !== 'ready' ? (
        <Result status="info" title={t`These captions are not ready`} subTitle={track.data.error ?? t`They are still being made. Come back when they are ready.`} />
      ) : (
        <Editor key={track.data.id} video={video.data} track={track.data} canSave={canSave} renew={async () => (await video.refetch()).data?.videoSource ?? null} />
      )}
    </>
  );
}

function Editor({ video, track, canSave, renew }: { video: Video; track: CaptionTrackDetail; canSave: boolean; renew(): Promise<string | null> }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [history, setHistory] = useState<History>(() => startHistory(toEditCues(track.cues)));
  const [saved, setSaved] = useState<EditCue[]>(history.present);
  const [version, setVersion] = useState(track.version);
  const [el, setEl] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ index: number; seq: number } | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const cues = history.present;
  const dirty = cues !== saved;
  const problems = useMemo(() => (showProblems ? cueProblems(cues) : new Map<number, string>()), [cues, showProblems]);
  const active = useMemo(() => cueAt(cues, time), [cues, time]);
  const seq = useRef(0);
  const focus = useCallback((index: number) => setFocusRequest({ index, seq: ++seq.current }), []);

  useEditedTrack(el, cues, track.language, track.label);

  // The playhead: timeupdate is too coarse (4 a second) for short cues, so frames drive it while playing.
  useEffect(() => {
    if (!el) return;
    let frame = 0;
    const tick = () => {
      setTime(el.currentTime);
      if (!el.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      tick();
    };
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', onPause);
    el.addEventListener('seeked', tick);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', onPause);
      el.removeEventListener('seeked', tick);
    };
  }, [el]);

  // Handlers read the latest list through a ref, so the rows (memoised) keep the same callbacks.
  const latest = useRef(history);
  latest.current = history;
  const commit = useCallback((next: EditCue[], key: string | null = null) => setHistory(apply(latest.current, next, key)), []);

  const onSeek = useCallback(
    (index: number) => {
      const c = latest.current.present[index];
      if (c && el) {
        el.currentTime = c.startSec;
        setTime(c.startSec);
      }
    },
    [el],
  );
  const onText = useCallback(
    (index: number, text: string) => {
      const list = latest.current.present;
      commit(setText(list, index, text), `text:${list[index]?.id}`);
    },
    [commit],
  );
  const onTimes = useCallback(
    (index: number, startSec: number, endSec: number) => {
      const list = latest.current.present;
      const moved = list[index];
      const next = setTimes(list, index, startSec, endSec);
      commit(next);
      // A cue whose new times move it past a neighbour is followed to its new place; later, so
      // the Enter that took the time does not land in the text as a line break.
      const to = moved ? next.findIndex((c) => c.id === moved.id) : index;
      if (to !== index) setTimeout(() => focus(to), 0);
    },
    [commit, focus],
  );
  const onAction = useCallback(
    (index: number, action: CueAction) => {
      const list = latest.current.present;
      if (action === 'split') {
        commit(split(list, index, el?.currentTime));
        focus(index + 1);
      } else if (action === 'merge') {
        commit(mergeWithNext(list, index));
        focus(index);
      } else if (action === 'insert') {
        const made = insertAfter(list, index);
        commit(made.cues);
        focus(made.index);
      } else {
        commit(remove(list, index));
        if (list.length > 1) focus(Math.min(index, list.length - 2));
      }
    },
    [commit, el, focus],
  );

  async function save() {
    if (!canSave) return;
    const found = cueProblems(cues);
    if (found.size) {
      setShowProblems(true);
      const first = [...found.keys()][0] as number;
      focus(first);
      alert('error', t`Cue ${first + 1}: ${found.get(first) ?? ''}`);
      return;
    }
    setSaving(true);
    try {
      const out = toCues(cues);
      const updated = await client.captions.update(video.id, track.id, { cues: out });
      setSaved(cues);
      setVersion(updated.version);
      setShowProblems(false);
      // The new version goes into the cache without a refetch; the editor stays mounted (keyed by the track), so its undo steps stay.
      queryClient.setQueryData<CaptionTrackDetail>(captionTrackKey(video.id, track.id), { ...updated, cues: out });
      void queryClient.invalidateQueries({ queryKey: keys.captions(video.id), exact: true });
      alert('success', t`Captions saved (version ${updated.version}).`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  // Page keys: Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Ctrl+S saves.
  function onKeyDown(e: React.KeyboardEvent) {
    const mod = e.ctrlKey || e.metaKey;
    if (!mod) return;
    const k = e.key.toLowerCase();
    if (k === 'z' || k === 'y') {
      e.preventDefault();
      setHistory((h) => (k === 'y' || e.shiftKey ? redo(h) : undo(h)));
    } else if (k === 's') {
      e.preventDefault();
      void save();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's shortcuts (undo, redo, save) work wherever the focus is inside it.
    <div onKeyDown={onKeyDown}>
      {/* Edits a role cannot save are not worth a prompt. */}
      <LeaveGuard dirty={dirty && canSave} />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={13}>
          <Card styles={{ body: { padding: 0, overflow: 'hidden' } }}>
            {video.videoSource ? (
              <OwnerVideo src={video.videoSource} poster={video.imageUrl ?? undefined} label={t`Video: ${video.name}`} renew={renew} onElement={setEl} />
            ) : (
              <div role="status" style={{ padding: 24 }}>{t`The video is being processed…`}</div>
            )}
          </Card>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>{t`Keys: Alt+↑ / Alt+↓ previous / next cue ·`}{' '}{Object.values(ROW_KEYS).map((k) => `${k.keys} ${k.label.toLowerCase()}`).join(' · ')}{' '}{t`· Ctrl+Z undo · Ctrl+Shift+Z redo · Ctrl+S save`}</Typography.Paragraph>
        </Col>
        <Col xs={24} lg={11}>
          <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
            <Button icon={<UndoOutlined aria-hidden />} disabled={!history.past.length} onClick={() => setHistory(undo)} aria-keyshortcuts="Control+Z">{t`Undo`}</Button>
            <Button icon={<RedoOutlined aria-hidden />} disabled={!history.future.length} onClick={() => setHistory(redo)} aria-keyshortcuts="Control+Shift+Z">{t`Redo`}</Button>
            <Form
              layout="inline"
              onFinish={() => {
                if (offset) commit(shiftAll(cues, offset));
              }}
              style={{ gap: 4 }}
            >
              <InputNumber aria-label={t`Shift all cues by seconds`} placeholder={t`±s`} step={0.1} value={offset} onChange={(v) => setOffset(v)} style={{ width: 90 }} />
              <Button htmlType="submit" disabled={!offset}>{t`Shift all`}</Button>
            </Form>
            <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={!dirty || !canSave} title={canSave ? undefined : t`Your role can read these captions but not change them.`} onClick={() => void save()} aria-keyshortcuts="Control+S" style={{ marginInlineStart: 'auto' }}>{t`Save`}</Button>
          </Flex>
          <Typography.Text type="secondary" role="status" style={{ display: 'block', marginBottom: 8, fontSize: 13 }}>
            {t`${formatNumber(cues.length)} cues · version ${version}`}
            {dirty ? t` · unsaved changes` : ''}
          </Typography.Text>
          {cues.length ? (
            <CueList cues={cues} active={active} follow={playing} problems={problems} focusRequest={focusRequest} onSeek={onSeek} onText={onText} onTimes={onTimes} onAction={onAction} />
          ) : (
            <Button onClick={() => commit(insertAfter(cues, -1, el?.currentTime).cues)}>{t`Add a cue`}</Button>
          )}
        </Col>
      </Row>
    </div>
  );
}
