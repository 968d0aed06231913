import { EMBED_DEFAULT_SIZE, errorMessage, type Video } from '@reelbase/api-client';
import { Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type EmbedSize, resizeEmbed } from '../../lib/embed-size.ts';
import { isValidRedirect, REDIRECT_FORMAT_MESSAGE } from '../../lib/format.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

/** Embedding: size (600 × 600 by default, aspect ratio kept), redirect at end, new window, copy. */
export function EmbedPanel({ video }: { video: Pick<Video, 'id' | 'metadata'> }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const [size, setSize] = useState<EmbedSize>({ width: EMBED_DEFAULT_SIZE, height: EMBED_DEFAULT_SIZE });
  const [keepRatio, setKeepRatio] = useState(true);
  const [newWindow, setNewWindow] = useState(false);
  const [redirect, setRedirect] = useState('');
  const [redirectValid, setRedirectValid] = useState(true);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const redirectRef = useRef<HTMLInputElement>(null);
  const dims = { width: video.metadata.video.width, height: video.metadata.video.height };

  function change(side: 'width' | 'height', value: number | null) {
    setCopied(false);
    setSize((s) => resizeEmbed(s, { side, value }, keepRatio, dims));
  }

  async function copy() {
    if (!isValidRedirect(redirect)) {
      setRedirectValid(false);
      redirectRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const code = await client.videos.embedCode(video.id, { width: size.width, height: size.height, redirect, newWindow });
      await platform.copyText(code);
      setCopied(true);
      alert('success', 'Copied!');
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>Embedding</h2>}>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Width" htmlFor="embed-width">
              <InputNumber id="embed-width" min={0} max={10000} value={size.width} onChange={(v) => change('width', v)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Height" htmlFor="embed-height">
              <InputNumber id="embed-height" min={0} max={10000} value={size.height} onChange={(v) => change('height', v)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <Checkbox
            checked={keepRatio}
            onChange={(e) => {
              setKeepRatio(e.target.checked);
              setCopied(false);
              if (e.target.checked) setSize((s) => resizeEmbed(s, { side: 'width', value: s.width }, true, dims));
            }}
          >
            Maintain aspect ratio
          </Checkbox>
          <Checkbox
            checked={newWindow}
            onChange={(e) => {
              setNewWindow(e.target.checked);
              setCopied(false);
            }}
          >
            Open in new window
          </Checkbox>
        </Flex>
        <Form.Item
          label="Current Redirect at End"
          htmlFor="embed-redirect"
          validateStatus={redirectValid ? undefined : 'error'}
          help={redirectValid ? 'Where viewers go when the video ends (optional).' : REDIRECT_FORMAT_MESSAGE}
        >
          <Input
            id="embed-redirect"
            ref={(el) => {
              redirectRef.current = el?.input ?? null;
            }}
            value={redirect}
            placeholder="https://"
            onChange={(e) => {
              setRedirect(e.target.value);
              // The validity flag resets on every edit.
              setRedirectValid(true);
              setCopied(false);
            }}
          />
        </Form.Item>
        <Flex align="center" gap={12} style={{ marginTop: 8 }}>
          <Button type="primary" onClick={copy} loading={busy}>
            Copy embed code
          </Button>
          <Typography.Text type="success" role="status" aria-live="polite">
            {copied ? 'Copied!' : ''}
          </Typography.Text>
        </Flex>
      </Form>
    </Card>
  );
}
