import { t } from '@lingui/core/macro';
import { ShareAltOutlined } from '@ant-design/icons';
import { EMBED_SETTINGS_DEFAULT, errorMessage, sharePagePath, type Video } from '@reelbase/api-client';
import { visibilityLabel } from '../privacy/privacy-panel.tsx';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';
import { embedOptionsOf } from './embed-panel.tsx';
import { useShareOrigin } from '../domains/custom-domains.tsx';

/** The share page's address: on the API's origin (the app's own when the API serves it). */
export const shareLinkOf = (apiBaseUrl: string, videoId: string) => `${apiBaseUrl || globalThis.location.origin}${sharePagePath(videoId)}`;

/** What a stranger opening the link gets, by the video's privacy. */
function audienceNote(video: Pick<Video, 'visibility' | 'allowedDomains'>): string {
  const domains = video.allowedDomains.join(', ');
  if (video.allowedDomains.length > 0) return t`It plays only embedded on ${domains}: the link shows "This video cannot be played on this site".`;
  if (video.visibility === 'private') return t`Only you can watch it: others opening the link see "This video is private".`;
  if (video.visibility === 'password') return t`Viewers type the password on the page before it plays.`;
  if (video.visibility === 'unlisted') return t`Anyone with the link can watch it; search engines do not list it.`;
  return t`Anyone with the link can watch it; search engines may list it, and link previews show it.`;
}

const SectionTitle = ({ id, children }: { id: string; children: ReactNode }) => (
  <Typography.Title level={2} id={id} style={{ fontSize: 15, margin: '0 0 8px' }}>
    {children}
  </Typography.Title>
);

/** Brings the video page's privacy controls into view and focuses their first field. */
function goToPrivacy() {
  const section = globalThis.document?.querySelector<HTMLElement>('section[aria-label="Privacy"]');
  section?.scrollIntoView({ block: 'center' });
  section?.querySelector<HTMLElement>('input, [tabindex="0"]')?.focus();
}

/**
 * Share: the share page's link and the embed code (the embedding panel's saved choices), each with
 * a copy button, and who can watch (a link to the privacy controls on the page).
 */
export function ShareButton({ video }: { video: Video }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setOpen(true)}>{t`Share`}</Button>
      <Modal title={t`Share video`} open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={560}>
        {open && <ShareDialogBody video={video} onPrivacy={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function ShareDialogBody({ video, onPrivacy }: { video: Video; onPrivacy: () => void }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const [copied, setCopied] = useState<'link' | 'embed' | null>(null);
  // On the team's verified custom domain when it has one, as the embed code is.
  const link = shareLinkOf(useShareOrigin() ?? platform.apiBaseUrl, video.id);
  const settings = useQuery({ queryKey: keys.embedSettings(video.id), queryFn: () => client.videos.embedSettings(video.id) });
  const options = embedOptionsOf(settings.data ?? EMBED_SETTINGS_DEFAULT);
  const code = useQuery({ queryKey: keys.embedCode(video.id, options), queryFn: () => client.videos.embedCode(video.id, options), enabled: settings.isSuccess || settings.isError });

  async function copy(what: 'link' | 'embed', text: string | undefined) {
    if (!text) return;
    try {
      await platform.copyText(text);
      setCopied(what);
      alert('success', t`Copied!`);
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  return (
    <Flex vertical gap={20}>
      <section aria-labelledby="share-link-label">
        <SectionTitle id="share-link-label">{t`Link`}</SectionTitle>
        <Flex gap={8}>
          <Input readOnly value={link} aria-labelledby="share-link-label" onFocus={(e) => e.target.select()} />
          <Button type="primary" onClick={() => copy('link', link)}>
            {copied === 'link' ? t`Copied!` : t`Copy link`}
          </Button>
        </Flex>
      </section>
      <section aria-labelledby="share-embed-label">
        <SectionTitle id="share-embed-label">{t`Embed code`}</SectionTitle>
        {code.isError ? (
          <Typography.Text type="danger">{errorMessage(code.error)}</Typography.Text>
        ) : (
          <Input.TextArea readOnly value={code.data ?? ''} aria-labelledby="share-embed-label" autoSize={{ minRows: 3, maxRows: 6 }} style={{ fontFamily: 'monospace', fontSize: 12 }} />
        )}
        <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t`The size and redirect come from the Embedding panel.`}</Typography.Text>
          <Button onClick={() => copy('embed', code.data)} disabled={!code.data}>
            {copied === 'embed' ? t`Copied!` : t`Copy embed code`}
          </Button>
        </Flex>
      </section>
      <section aria-labelledby="share-privacy-label">
        <SectionTitle id="share-privacy-label">{t`Who can watch:`}{' '}{visibilityLabel(video.visibility)}</SectionTitle>
        <Typography.Paragraph type="secondary">{audienceNote(video)}</Typography.Paragraph>
        <Button
          onClick={() => {
            onPrivacy();
            // After the dialog has closed, so the focus stays on the field.
            setTimeout(goToPrivacy, 0);
          }}
        >{t`Change privacy`}</Button>
      </section>
    </Flex>
  );
}
