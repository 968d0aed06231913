import { t as tr } from '@lingui/core/macro';
import { TranslationOutlined } from '@ant-design/icons';
import { type CaptionTrack, errorMessage } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tag, Typography } from 'antd';
import { useState } from 'react';
import { intlLocale } from '../../i18n/index.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/** A language's name in the app's language ("es" -> "Spanish", "Spanisch", "español"), else the API's English name. */
function languageName(tag: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'language' }).of(tag) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Starts a translation (or a translation again) and refreshes the track list, which follows it while it is made. */
function useTranslate(videoId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  async function translate(captionId: string, language: string) {
    setBusy(true);
    try {
      await client.translation.translate(videoId, captionId, language);
      await queryClient.invalidateQueries({ queryKey: keys.captions(videoId) });
      alert('success', tr`The captions are being translated.`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return { translate, busy };
}

/** "Translate to..." on a ready track: the languages the server's engine offers for it (asked when the menu opens), one click a new translated track. */
export function TranslateTrack({ videoId, track }: { videoId: string; track: CaptionTrack }) {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const { translate, busy } = useTranslate(videoId);
  const offered = useQuery({
    queryKey: ['caption-translation', videoId, track.id],
    queryFn: () => client.translation.languages(videoId, track.id),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const languages = offered.data?.languages ?? [];
  const items = offered.isPending
    ? [{ key: 'loading', label: tr`Loading…`, disabled: true }]
    : offered.isError
      ? [{ key: 'error', label: errorMessage(offered.error), disabled: true }]
      : languages.length
        ? languages.map((l) => ({ key: l.language, label: `${languageName(l.language, l.label)} (${l.language})` }))
        : [{ key: 'none', label: tr`No language is offered for this track.`, disabled: true }];
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items, onClick: ({ key }) => void translate(track.id, key) }}>
      <Button type="link" size="small" icon={<TranslationOutlined aria-hidden />} loading={busy} aria-label={tr`Translate captions: ${track.label}`}>
        {tr`Translate to…`}
      </Button>
    </Dropdown>
  );
}

/** A translated track's source; when the source changed since, a tag saying so and a button that translates it again. */
export function TranslationSource({ videoId, track, canEdit }: { videoId: string; track: CaptionTrack; canEdit: boolean }) {
  const { translate, busy } = useTranslate(videoId);
  const source = track.source;
  if (!source) return null;
  return (
    <>
      <Typography.Text type="secondary">{tr`from ${source.label}`}</Typography.Text>
      {source.changed && track.status !== 'processing' && (
        <>
          <Tag color="orange">{tr`source changed`}</Tag>
          {canEdit && (
            <Button size="small" loading={busy} onClick={() => void translate(source.id, track.language)}>
              {tr`Translate again`}
            </Button>
          )}
        </>
      )}
    </>
  );
}
