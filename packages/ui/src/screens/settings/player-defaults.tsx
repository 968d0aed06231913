import { t } from '@lingui/core/macro';
import { UndoOutlined } from '@ant-design/icons';
import { type ColorScheme, DEFAULT_COLOR_SCHEME, errorMessage, type PlayerConfig, type Profile } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Row, Skeleton, Switch, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ColourInput, PLAYER_COLOURS } from '../../components/colour-input.tsx';
import { sameColour, schemeChanges } from '../../lib/profile-changes.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

const PlayerPreview = lazy(() => import('../video/player-preview.tsx'));

/** The newest video that can play, to preview the defaults on; null when the user has none yet. */
function usePreviewVideo() {
  const client = useClient();
  return useQuery({
    queryKey: [...keys.videos, 'settings-preview'],
    queryFn: async () => (await client.videos.list({ limit: 10, direction: 'DESC' })).items.find((v) => v.hlsSource || v.videoSource) ?? null,
  });
}

/**
 * The default player colour scheme and the show-logo switch that new videos' players start with,
 * beside the product's player showing them on the user's newest video. Saved with one PUT /api/profile.
 */
export function PlayerDefaults({ profile }: { profile: Profile }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [scheme, setScheme] = useState<ColorScheme>(profile.colorScheme);
  const [showLogo, setShowLogo] = useState(profile.showLogoOnPlayer);
  const [busy, setBusy] = useState(false);
  const video = usePreviewVideo();
  const isDefault = (Object.keys(DEFAULT_COLOR_SCHEME) as (keyof ColorScheme)[]).every((k) => sameColour(scheme[k], DEFAULT_COLOR_SCHEME[k]));

  async function save() {
    const colorScheme = schemeChanges(profile.colorScheme, scheme);
    const changes = { ...(Object.keys(colorScheme).length && { colorScheme }), ...(showLogo !== profile.showLogoOnPlayer && { showLogoOnPlayer: showLogo }) };
    if (!Object.keys(changes).length) return alert('info', t`Nothing to save.`);
    setBusy(true);
    try {
      const r = await client.profile.update(changes);
      queryClient.setQueryData(keys.profile, r.profile);
      alert('success', r.message);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const v = video.data;
  const config: PlayerConfig | undefined = v
    ? { ...v.playerConfig, colorScheme: scheme, showLogoInPlayer: showLogo, logoPatn: profile.playerLogo ?? v.playerConfig.logoPatn }
    : undefined;

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} md={10}>
        <Flex vertical gap={10}>
          {PLAYER_COLOURS.map((c) => (
            <ColourInput key={c.key} label={c.label} value={scheme[c.key]} onChange={(value) => setScheme((s) => ({ ...s, [c.key]: value }))} />
          ))}
          <Flex align="center" gap={8}>
            <Switch checked={scheme.transparentCanvas} aria-label={t`Transparent canvas`} onChange={(on) => setScheme((s) => ({ ...s, transparentCanvas: on }))} />
            <span>{t`Transparent canvas`}</span>
          </Flex>
          <Flex align="center" gap={8}>
            <Switch checked={showLogo} aria-label={t`Show logo on player`} onChange={setShowLogo} />
            <span>{t`Show logo on player`}</span>
          </Flex>
          <Flex gap={8} wrap style={{ marginTop: 8 }}>
            <Button icon={<UndoOutlined aria-hidden />} disabled={isDefault} onClick={() => setScheme({ ...DEFAULT_COLOR_SCHEME })}>{t`Default colours`}</Button>
            <Button type="primary" loading={busy} onClick={save}>{t`Save player defaults`}</Button>
          </Flex>
          <Typography.Text type="secondary">{t`New videos start with these settings; each video can change them on its page.`}</Typography.Text>
        </Flex>
      </Col>
      <Col xs={24} md={14}>
        <section aria-label={t`Live preview`}>
          {video.isLoading ? (
            <Skeleton.Node active style={{ width: '100%', height: 200 }} />
          ) : v && config ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 200 }} />}>
              <PlayerPreview video={v} config={config} label={t`Preview of your player defaults`} />
            </Suspense>
          ) : (
            <div role="status" data-testid="preview-empty" style={{ padding: 24, background: scheme.transparentCanvas ? 'transparent' : scheme.playerCanvas, color: '#fff', borderRadius: 8 }}>{t`Upload a video to preview your player here.`}</div>
          )}
        </section>
      </Col>
    </Row>
  );
}
