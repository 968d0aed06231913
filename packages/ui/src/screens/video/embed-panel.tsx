import { t } from '@lingui/core/macro';
import { EMBED_SETTINGS_DEFAULT, type EmbedOptions, type EmbedSettings, errorMessage, type Video } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Skeleton, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { resizeEmbed } from '../../lib/embed-size.ts';
import { isValidRedirect, redirectFormatMessage } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';
import { useCan, useTeamActive } from '../teams/use-team.ts';
import { usePreview } from './use-preview.ts';

/** How long the panel waits after the last change before it saves and refreshes the preview. */
const SETTLE_MS = 400;

/** The embed code call's options for these choices: no size for the responsive snippet. */
export function embedOptionsOf(s: EmbedSettings): EmbedOptions {
  const redirect = isValidRedirect(s.redirect) ? s.redirect.trim() : '';
  return { ...(s.responsive ? {} : { width: s.width, height: s.height }), redirect, newWindow: s.newWindow };
}

/** The choices that differ from the saved ones (an invalid redirect is kept back until it is fixed). */
function changesOf(now: EmbedSettings, saved: EmbedSettings): Partial<EmbedSettings> {
  const changes: Partial<EmbedSettings> = {};
  for (const k of Object.keys(now) as (keyof EmbedSettings)[]) {
    if (now[k] !== saved[k] && (k !== 'redirect' || isValidRedirect(now.redirect))) Object.assign(changes, { [k]: k === 'redirect' ? now.redirect.trim() : now[k] });
  }
  return changes;
}

/**
 * Embedding: responsive by default (the video's aspect ratio at any width) or a fixed width x
 * height (600 x 600 to start, aspect ratio kept), redirect at end, new window, copy. Every choice
 * is saved for the video on the server, and the preview renders the snippet itself.
 */
export function EmbedPanel({ video }: { video: Pick<Video, 'id' | 'metadata' | 'hlsSource' | 'videoSource' | 'imageUrl' | 'visibility'> }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const platform = usePlatform();
  const alert = useAlert();
  // Changing the video needs an active account and a role that edits (a viewer watches, and copies the embed code).
  const canEdit = useCan('edit');
  const active = useTeamActive() && canEdit;
  // The preview frame plays with the owner's preview token (a private or password video too, not charged).
  const previewToken = usePreview(video).data?.token?.token ?? null;
  const saved = useQuery({ queryKey: keys.embedSettings(video.id), queryFn: () => client.videos.embedSettings(video.id) });
  const [choices, setChoices] = useState<EmbedSettings | null>(null);
  const [settled, setSettled] = useState<EmbedSettings | null>(null);
  const [redirectValid, setRedirectValid] = useState(true);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const redirectRef = useRef<HTMLInputElement>(null);
  const dims = { width: video.metadata.video.width, height: video.metadata.video.height };

  // The saved choices start the form once; after that the form leads and the server follows.
  useEffect(() => {
    if (saved.data && !choices) {
      setChoices(saved.data);
      setSettled(saved.data);
    }
  }, [saved.data, choices]);

  // A moment after the last change: save what changed, and show its snippet in the preview.
  useEffect(() => {
    if (!choices) return;
    const timer = setTimeout(async () => {
      setSettled(choices);
      const last = queryClient.getQueryData<EmbedSettings>(keys.embedSettings(video.id)) ?? EMBED_SETTINGS_DEFAULT;
      const changes = changesOf(choices, last);
      if (!active || Object.keys(changes).length === 0) return;
      try {
        queryClient.setQueryData(keys.embedSettings(video.id), await client.videos.saveEmbedSettings(video.id, changes));
      } catch (err) {
        alert('error', errorMessage(err));
      }
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [choices, active, video.id, client, queryClient, alert]);

  const preview = useQuery({
    // A new file (a replace, a trim over the video) may change its shape, which the snippet follows.
    queryKey: [...keys.embedCode(video.id, settled && embedOptionsOf(settled)), video.hlsSource],
    queryFn: () => client.videos.embedCode(video.id, embedOptionsOf(settled as EmbedSettings)),
    enabled: !!settled,
    placeholderData: keepPreviousData,
  });

  if (!choices) {
    return <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t`Embedding`}</h2>}>{saved.isError ? errorMessage(saved.error) : <Skeleton active />}</Card>;
  }

  function update(changes: Partial<EmbedSettings>) {
    setCopied(false);
    setChoices((c) => c && { ...c, ...changes });
  }

  function resize(side: 'width' | 'height', value: number | null) {
    if (!choices) return;
    update(resizeEmbed(choices, { side, value }, choices.keepRatio, dims));
  }

  async function copy() {
    if (!choices) return;
    if (!isValidRedirect(choices.redirect)) {
      setRedirectValid(false);
      redirectRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const code = await client.videos.embedCode(video.id, embedOptionsOf(choices));
      await platform.copyText(code);
      setCopied(true);
      alert('success', t`Copied!`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t`Embedding`}</h2>}>
      <Form layout="vertical" component="div">
        <Checkbox
          checked={choices.responsive}
          style={{ marginBottom: 12 }}
          onChange={(e) => {
            // A fixed size with the ratio kept starts from the width (600 x 600 becomes 600 x 338 for 16:9).
            const sized = !e.target.checked && choices.keepRatio ? resizeEmbed(choices, { side: 'width', value: choices.width }, true, dims) : {};
            update({ responsive: e.target.checked, ...sized });
          }}
        >{t`Responsive: fills the column, keeps the video's shape`}</Checkbox>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label={t`Width`} htmlFor="embed-width">
              <InputNumber id="embed-width" min={0} max={10000} disabled={choices.responsive} value={choices.width} onChange={(v) => resize('width', v)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t`Height`} htmlFor="embed-height">
              <InputNumber id="embed-height" min={0} max={10000} disabled={choices.responsive} value={choices.height} onChange={(v) => resize('height', v)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <Checkbox
            checked={choices.keepRatio}
            disabled={choices.responsive}
            onChange={(e) => update({ keepRatio: e.target.checked, ...(e.target.checked ? resizeEmbed(choices, { side: 'width', value: choices.width }, true, dims) : {}) })}
          >{t`Maintain aspect ratio`}</Checkbox>
          <Checkbox checked={choices.newWindow} onChange={(e) => update({ newWindow: e.target.checked })}>{t`Open in new window`}</Checkbox>
        </Flex>
        <Form.Item
          label={t`Current Redirect at End`}
          htmlFor="embed-redirect"
          validateStatus={redirectValid ? undefined : 'error'}
          help={redirectValid ? t`Where viewers go when the video ends (optional).` : redirectFormatMessage()}
        >
          <Input
            id="embed-redirect"
            ref={(el) => {
              redirectRef.current = el?.input ?? null;
            }}
            value={choices.redirect}
            placeholder="https://"
            onChange={(e) => {
              // The validity flag resets on every edit.
              setRedirectValid(true);
              update({ redirect: e.target.value });
            }}
            onBlur={() => setRedirectValid(isValidRedirect(choices.redirect))}
          />
        </Form.Item>
        <Flex align="center" gap={12} style={{ marginTop: 8 }}>
          {/* The press keeps the focus in the redirect field: its blur would show the format error
              at once, the button would move under the pointer and the click land elsewhere (copy
              checks the field itself). */}
          <Button type="primary" onMouseDown={(e) => e.preventDefault()} onClick={copy} loading={busy}>{t`Copy embed code`}</Button>
          <Typography.Text type="success" role="status" aria-live="polite">
            {copied ? t`Copied!` : ''}
          </Typography.Text>
        </Flex>
      </Form>
      <EmbedPreview key={video.hlsSource ?? ''} code={preview.data && withPreviewToken(preview.data, previewToken)} error={preview.isError ? errorMessage(preview.error) : null} />
    </Card>
  );
}

/**
 * The snippet with the owner's preview token in its frame's fragment (`#preview=`, read by the
 * embed page and never sent to a server): the copied code stays the viewers' one.
 */
function withPreviewToken(code: string, token: string | null): string {
  return token ? code.replace(/(<iframe[^>]*\ssrc="[^"#]*)"/, `$1#preview=${encodeURIComponent(token)}"`) : code;
}

/** The snippet as a page renders it: its own HTML, in a box that scrolls when a fixed size is wider. */
function EmbedPreview({ code, error }: { code: string | undefined; error: string | null }) {
  const { token } = theme.useToken();
  return (
    <section aria-label={t`Embed preview`} style={{ marginTop: 20 }}>
      <h3 style={{ fontSize: 14, margin: '0 0 8px' }}>{t`Preview`}</h3>
      {error ? (
        <Typography.Text type="danger">{error}</Typography.Text>
      ) : (
        <div
          data-testid="embed-preview"
          style={{ overflow: 'auto', background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the snippet comes from our own API (attributes escaped there), and showing exactly it is the point.
          dangerouslySetInnerHTML={{ __html: code ?? '' }}
        />
      )}
    </section>
  );
}
