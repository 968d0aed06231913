// Every app that type-checks this file (web, desktop) learns that a stylesheet import is fine.
/// <reference path="../../styles.d.ts" />
import '@reelbase/player/player.css';
import type { PlayerConfig, Video } from '@reelbase/api-client';
import { createPlayer, type Player, setLanguage } from '@reelbase/player';
import { useEffect, useRef } from 'react';
import { currentLocale } from '../../i18n/index.ts';
import { usePreview } from './use-preview.ts';

// In the owner's app a play-next end or a redirect must not navigate away: the preview stays put.
const stayHere = { assign() {}, redirect() {}, open: () => false };

/**
 * The product's own embed player (HLS through packages/player) for a video of the owner, with
 * `config` instead of the saved settings, so a settings panel shows each change at once. A new
 * configuration rebuilds the player, as the embed page would build it with the saved one. No
 * statistics: the owner watching is not a viewer. Loaded lazily, so the player stays off lists.
 */
export default function PlayerPreview({ video, config, label }: { video: Video; config?: PlayerConfig; label?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  const settings = config ?? video.playerConfig;
  const key = JSON.stringify(settings);
  // The signed-in preview answer: a private or password video plays, and is not charged to the plan.
  // Should it fail, the video answer's own sources (tokened when not public) still play.
  const preview = usePreview(video);
  const info = preview.data ?? (preview.isError ? null : undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the settings' content; a new object with equal content keeps the player.
  useEffect(() => {
    let live = true;
    if (info === undefined) return;
    // The player speaks the app's language (its strings load first: a chunk unless English).
    void Promise.resolve(setLanguage(currentLocale())).then(() => {
      if (!live || !host.current) return;
      player.current = createPlayer(host.current, {
      source: info ? { hls: info.hlsSource, mp4: info.mp4Source, poster: info.poster } : { hls: video.hlsSource, mp4: video.videoSource, poster: video.imageUrl },
      config: settings,
      videoId: video.id,
      statistics: false,
      // The lead form and the call to action show, but send and remember nothing.
      preview: true,
      title: label ?? video.name,
      durationSec: video.metadata.durationSec,
      aspectRatio: video.metadata.video.width && video.metadata.video.height ? video.metadata.video.width / video.metadata.video.height : null,
      navigate: stayHere,
      // Tokened URLs; the player renews the preview token through the signed-in call.
        token: info ? (info.token ?? null) : video.playbackToken,
        ...(info && { renew: preview.renew }),
      });
    });
    return () => {
      live = false;
      player.current?.destroy();
      player.current = null;
    };
  }, [video.id, info, key]);

  return <div ref={host} data-testid="player-preview" style={{ width: '100%' }} />;
}
