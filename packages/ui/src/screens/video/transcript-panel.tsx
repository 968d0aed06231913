import { t as tr } from '@lingui/core/macro';
import { type CaptionTrack, clockTime, cuePlainText, errorMessage } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';

/** The track a transcript starts from: the default one, else the first with cues. */
const firstTrack = (tracks: CaptionTrack[]) => tracks.find((t) => t.isDefault && t.cueCount > 0) ?? tracks.find((t) => t.status === 'ready' && t.cueCount > 0);

/**
 * The video page's transcript: what is said, line by line with its time, from the video's caption
 * track (the default one, or another chosen); a line seeks the player there. Nothing shows for a
 * video without captions.
 */
export function TranscriptPanel({ videoId, onSeek }: { videoId: string; onSeek(sec: number): void }) {
  const client = useClient();
  const { token } = theme.useToken();
  const [chosen, setChosen] = useState<string | null>(null);
  const tracks = useQuery({ queryKey: keys.captions(videoId), queryFn: () => client.captions.list(videoId) });
  const ready = (tracks.data?.items ?? []).filter((t) => t.status === 'ready' && t.cueCount > 0);
  const track = ready.find((t) => t.id === chosen) ?? firstTrack(ready);
  const cues = useQuery({
    queryKey: keys.caption(videoId, track?.id ?? '', track?.version ?? 0),
    queryFn: () => client.captions.get(videoId, track?.id ?? ''),
    enabled: !!track,
  });
  if (tracks.isPending || !track) return null;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{tr`Transcript`}</h2>}
      size="small"
      style={{ marginTop: 16 }}
      extra={
        ready.length > 1 && (
          <Select
            size="small"
            aria-label={tr`Transcript language`}
            value={track.id}
            onChange={setChosen}
            options={ready.map((t) => ({ value: t.id, label: t.label }))}
            style={{ minWidth: 140 }}
          />
        )
      }
    >
      {cues.isPending ? (
        <Skeleton active />
      ) : cues.isError ? (
        <Empty description={errorMessage(cues.error)} />
      ) : (
        <ol aria-label={tr`Transcript`} lang={track.language} data-testid="transcript" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
          {cues.data.cues.map((c) => (
            <li key={`${c.startSec}:${c.endSec}:${c.text}`}>
              <button
                type="button"
                onClick={() => onSeek(c.startSec)}
                style={{ all: 'unset', cursor: 'pointer', display: 'flex', gap: 12, padding: '4px 6px', borderRadius: 4, width: 'calc(100% - 12px)' }}
                className="rb-transcript-line"
              >
                <span style={{ color: token.colorTextSecondary, fontVariantNumeric: 'tabular-nums', minWidth: '4.5ch' }}>{clockTime(c.startSec)}</span>
                <span>{cuePlainText(c.text)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
