import { t } from '@lingui/core/macro';
import { PictureOutlined, UndoOutlined } from '@ant-design/icons';
import { DEFAULT_COLOR_SCHEME, errorMessage, MESSAGES, type PlayerConfig, type Video } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Divider, Flex, Radio, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ColourInput, PLAYER_COLOURS } from '../../components/colour-input.tsx';
import { ContrastWarning } from '../../components/contrast-warning.tsx';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';
import { useTeamFeatures } from '../teams/use-team.ts';
import { CallToActionSettings, type EngageChanges, LeadCaptureSettings } from './engage-settings.tsx';

const PlayerPreview = lazy(() => import('./player-preview.tsx'));

export const autoplayNote = () => t`Video will be muted in Chrome and on mobile devices if Autoplay is selected.`;
const START_OPTIONS: { value: PlayerConfig['startAction']; label: string }[] = [
  { value: 'none', get label() { return t`none`; } },
  { value: 'loadVideo', get label() { return t`load video`; } },
  { value: 'autoPlay', get label() { return t`auto play`; } },
];
const END_OPTIONS: { value: PlayerConfig['endAction']; label: string }[] = [
  { value: 'pause', get label() { return t`pause`; } },
  { value: 'stop', get label() { return t`stop`; } },
  { value: 'loop', get label() { return t`loop`; } },
  { value: 'playNext', get label() { return t`play next`; } },
];
type SwitchKey = { [K in keyof PlayerConfig]: PlayerConfig[K] extends boolean ? K : never }[keyof PlayerConfig];
const SWITCHES: { key: SwitchKey; label: string }[] = [
  { key: 'autoHideControls', get label() { return t`Auto-hide controls`; } },
  { key: 'playPauseButton', get label() { return t`Play/pause button`; } },
  { key: 'volumeControl', get label() { return t`Volume control`; } },
  { key: 'videoPopOut', get label() { return t`Pop Out Video`; } },
  // Issue 26 (controls)
  { key: 'speedMenu', get label() { return t`Speed menu`; } },
  { key: 'qualityMenu', get label() { return t`Quality menu`; } },
  { key: 'pictureInPicture', get label() { return t`Picture-in-picture`; } },
  { key: 'captionsButton', get label() { return t`Captions button`; } },
  { key: 'keyboardShortcuts', get label() { return t`Keyboard shortcuts`; } },
  { key: 'resumePlayback', get label() { return t`Resume where the viewer left off`; } },
  // Issue 34: off by default.
  { key: 'allowDownload', get label() { return t`Allow viewers to download the video`; } },
  { key: 'showLogoInPlayer', get label() { return t`Show logo`; } },
];
/** A colour is saved once the pointer rests: dragging in the picker would otherwise send a call per step. */
const COLOUR_SAVE_DELAY_MS = 400;

type Changes = Partial<Omit<PlayerConfig, 'id' | 'colorScheme' | 'leadForm' | 'callToAction'>> & { colorScheme?: Partial<PlayerConfig['colorScheme']> } & EngageChanges;

/**
 * The video's player settings beside a live preview of the embed player. Each change shows in the
 * preview at once and is saved alone through PUT /api/player-config/{id}. Read-only for a
 * canceled profile; the logo upload follows the uploadPlayerLogo flag.
 */
export function PlayerSettings({ video, active }: { video: Video; active: boolean }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const queryClient = useQueryClient();
  // The team's plan decides (a member's own plan does not).
  const logoAllowed = !!useTeamFeatures()?.uploadPlayerLogo;
  const [config, setConfig] = useState<PlayerConfig>(video.playerConfig);
  const [nextSearch, setNextSearch] = useState('');
  const [uploading, setUploading] = useState(false);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const startId = useId();
  const endId = useId();
  const nextSelectId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only another video resets what the panel shows.
  useEffect(() => setConfig(video.playerConfig), [video.id]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const candidates = useQuery({
    queryKey: [...keys.videos, 'next-video', nextSearch],
    queryFn: () => client.videos.list({ limit: 100, search: nextSearch, direction: 'DESC' }),
    enabled: config.endAction === 'playNext',
  });

  const listed = candidates.data?.items ?? [];
  // The chosen next video may be beyond the first page of candidates: its name comes on its own.
  const nextId = config.endAction === 'playNext' ? config.nextVideo : null;
  const chosen = useQuery({
    queryKey: keys.video(nextId ?? ''),
    queryFn: () => client.videos.get(nextId as string),
    enabled: !!nextId && !!candidates.data && !listed.some((v) => v.id === nextId),
  });
  const nextOptions = [...listed, ...(chosen.data && !listed.some((v) => v.id === chosen.data.id) ? [chosen.data] : [])]
    .filter((v) => v.id !== video.id)
    .map((v) => ({ value: v.id, label: v.name }));

  function saved(next: PlayerConfig) {
    queryClient.setQueryData<Video>(keys.video(video.id), (v) => v && { ...v, playerConfig: next });
  }

  async function save(changes: Changes) {
    try {
      saved(await client.playerConfig.update(video.id, changes));
    } catch (err) {
      alert('error', errorMessage(err));
      // Back to what the server holds.
      const current = queryClient.getQueryData<Video>(keys.video(video.id))?.playerConfig;
      if (current) setConfig(current);
    }
  }

  /** Shows the change at once; saves it now, or after a pause for a colour being dragged. */
  function change(changes: Changes, delayKey?: string) {
    setConfig(
      (c) =>
        ({
          ...c,
          ...changes,
          colorScheme: { ...c.colorScheme, ...changes.colorScheme },
          leadForm: { ...c.leadForm, ...changes.leadForm },
          callToAction: { ...c.callToAction, ...changes.callToAction },
        }) as PlayerConfig,
    );
    if (!delayKey) return void save(changes);
    clearTimeout(timers.current.get(delayKey));
    timers.current.set(
      delayKey,
      setTimeout(() => void save(changes), COLOUR_SAVE_DELAY_MS),
    );
  }

  async function uploadLogo() {
    if (!logoAllowed) return alert('error', MESSAGES.featureDisabled);
    const [file] = await platform.pickFiles({ accept: 'image/png,image/jpeg,image/gif,image/svg+xml' });
    if (!file) return;
    setUploading(true);
    try {
      const r = await client.playerConfig.uploadLogo(video.id, file);
      setConfig(r.playerConfig);
      saved(r.playerConfig);
      alert('success', t`Player logo uploaded.`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setUploading(false);
    }
  }

  const disabled = !active;
  const scheme = config.colorScheme;
  const isDefault = (Object.keys(DEFAULT_COLOR_SCHEME) as (keyof typeof DEFAULT_COLOR_SCHEME)[]).every((k) => String(scheme[k]).toLowerCase() === String(DEFAULT_COLOR_SCHEME[k]).toLowerCase());

  return (
    <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
      <Col xs={24} lg={12}>
        <Card title={<span id="player-settings-title">{t`Player settings`}</span>} role="region" aria-labelledby="player-settings-title">
          <Typography.Title level={3} style={{ fontSize: 15, marginTop: 0 }}>{t`Colours`}</Typography.Title>
          <Flex vertical gap={10}>
            {PLAYER_COLOURS.map((c) => (
              <ColourInput key={c.key} label={c.label} value={scheme[c.key]} disabled={disabled} onChange={(v) => change({ colorScheme: { [c.key]: v } }, c.key)} />
            ))}
            <Flex align="center" gap={8}>
              <Switch
                checked={scheme.transparentCanvas}
                disabled={disabled}
                aria-label={t`Transparent canvas`}
                onChange={(on) => change({ colorScheme: { transparentCanvas: on } })}
              />
              <span>{t`Transparent canvas`}</span>
            </Flex>
            <ContrastWarning scheme={scheme} />
            <div>
              <Button size="small" icon={<UndoOutlined aria-hidden />} disabled={disabled || isDefault} onClick={() => change({ colorScheme: { ...DEFAULT_COLOR_SCHEME } })}>{t`Default colours`}</Button>
            </div>
          </Flex>
          <Divider />
          <Typography.Title level={3} style={{ fontSize: 15, marginTop: 0 }}>{t`Controls`}</Typography.Title>
          <Flex vertical gap={10}>
            {SWITCHES.map((s) => (
              <Flex key={s.key} align="center" gap={8}>
                <Switch checked={config[s.key]} disabled={disabled} aria-label={s.label} onChange={(on) => change({ [s.key]: on })} />
                <span>{s.label}</span>
              </Flex>
            ))}
            <Flex align="center" gap={12} wrap>
              {config.logoPatn ? <img src={config.logoPatn} alt={t`Player logo`} style={{ maxHeight: 40, maxWidth: 140 }} /> : <Typography.Text type="secondary">{t`No logo`}</Typography.Text>}
              {active && (
                <Button icon={<PictureOutlined aria-hidden />} loading={uploading} onClick={() => void uploadLogo()}>{t`Upload player logo`}</Button>
              )}
            </Flex>
          </Flex>
          <Divider />
          <Flex vertical gap={8}>
            <Typography.Title level={3} id={startId} style={{ fontSize: 15, margin: 0 }}>{t`Start action`}</Typography.Title>
            <Radio.Group
              aria-labelledby={startId}
              value={config.startAction}
              disabled={disabled}
              options={START_OPTIONS}
              onChange={(e) => change({ startAction: e.target.value })}
            />
            <Typography.Text type="secondary">{autoplayNote()}</Typography.Text>
          </Flex>
          <Divider />
          <Flex vertical gap={8}>
            <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
              <label htmlFor={endId}>{t`End action`}</label>
            </Typography.Title>
            <Select id={endId} value={config.endAction} disabled={disabled} options={END_OPTIONS} style={{ maxWidth: 240 }} onChange={(endAction) => change({ endAction })} />
            {config.endAction === 'playNext' && (
              <>
                <label htmlFor={nextSelectId}>{t`Next video`}</label>
                <Select
                  id={nextSelectId}
                  showSearch={{ filterOption: false, onSearch: setNextSearch }}
                  allowClear
                  placeholder={t`Choose the video to play next`}
                  disabled={disabled}
                  value={config.nextVideo ?? undefined}
                  loading={candidates.isFetching}
                  options={nextOptions}
                  onChange={(next) => change({ nextVideo: next ?? null })}
                  style={{ maxWidth: 360 }}
                />
              </>
            )}
          </Flex>
          <Divider />
          <LeadCaptureSettings config={config} disabled={disabled} change={change} />
          <Divider />
          <CallToActionSettings config={config} disabled={disabled} change={change} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t`Live preview`} styles={{ body: { padding: 0, overflow: 'hidden' } }}>
          {video.hlsSource || video.videoSource ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
              <PlayerPreview video={video} config={config} />
            </Suspense>
          ) : (
            <div style={{ padding: 24 }} role="status">{t`The preview shows once the video is processed.`}</div>
          )}
        </Card>
      </Col>
    </Row>
  );
}
