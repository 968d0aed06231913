// Every app that type-checks this file (web, desktop) learns that a stylesheet import is fine.
/// <reference path="../../styles.d.ts" />
import '@reelbase/player/player.css';
import type { PlaybackInfo, ReviewComment } from '@reelbase/api-client';
import { createPlayer, type Player, setLanguage } from '@reelbase/player';
import { useEffect, useRef, useState } from 'react';
import { currentLocale } from '../../i18n/index.ts';
import { drawSeekMarkers } from './seek-markers.ts';

// A play-next end or a redirect must not take the reviewer away from the review.
const stayHere = { assign() {}, redirect() {}, open: () => false };

/**
 * The embed player (packages/player, as the share page and the owner's previews build it) with the
 * review answer's playback: tokened sources of a video that is not public, renewed through the
 * review link (a revoked link stops renewing). No statistics: a client reviewing is not an audience.
 * The comments are drawn as marks on its seek bar.
 */
export default function ReviewPlayer({
  playback,
  comments,
  renew,
  onPlayer,
}: {
  playback: PlaybackInfo;
  comments: readonly ReviewComment[];
  renew: () => Promise<{ token: string; expiresAt: string } | null>;
  onPlayer: (p: Player | null) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  // The player is built once its strings are in: the marks wait for it.
  const [built, setBuilt] = useState<Player | null>(null);
  const renewRef = useRef(renew);
  renewRef.current = renew;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the player is built once per video; comments redraw marks only (below).
  useEffect(() => {
    let live = true;
    void Promise.resolve(setLanguage(currentLocale())).then(() => {
      if (!live || !host.current) return;
      player.current = createPlayer(host.current, {
        source: { hls: playback.hlsSource, mp4: playback.mp4Source, poster: playback.poster },
        config: playback.playerConfig,
        videoId: playback.id,
        statistics: false,
        preview: true,
        title: playback.name,
        durationSec: playback.durationSec,
        aspectRatio: playback.width && playback.height ? playback.width / playback.height : null,
        captions: playback.captions,
        chapters: playback.chapters,
        navigate: stayHere,
        token: playback.token ?? null,
        renew: () => renewRef.current(),
      });
      onPlayer(player.current);
      setBuilt(player.current);
    });
    return () => {
      live = false;
      onPlayer(null);
      setBuilt(null);
      player.current?.destroy();
      player.current = null;
    };
  }, [playback.id]);

  const key = comments.map((c) => `${c.id}:${c.atSec}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the comments' ids and times.
  useEffect(() => {
    if (!built) return;
    return drawSeekMarkers(built.root, comments, playback.durationSec, (at) => {
      built.video.currentTime = at;
    });
  }, [key, built]);

  return <div ref={host} data-testid="review-player" style={{ width: '100%' }} />;
}
