import { t as tr } from '@lingui/core/macro';
import {
  clipGifEnd,
  errorMessage,
  GIF_FONT_SIZE_MAX,
  GIF_FONT_SIZE_MIN,
  GIF_FONT_WEIGHT_CHOICES,
  GIF_FONT_WEIGHTS,
  GIF_FONTS,
  GIF_FPS_CHOICES,
  GIF_FPS_MAX_SECONDS,
  GIF_SIZES,
  GIF_TEXT_DEFAULTS,
  GIF_TEXT_MAX,
  GIF_MESSAGES,
  GifCreate,
  type GifCreateInput,
  type GifFont,
  type GifFontWeight,
  type GifFps,
  type GifSize,
  type Video,
} from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { gifFrameSize } from '../../../lib/gif-frame.ts';
import { formatTimeInput } from '../../../lib/time-input.ts';
import { keys } from '../../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../../services.tsx';
import { DragPreview } from './drag-preview.tsx';
import { CSS_FONT } from './gif-fonts.ts';
import { TimeField } from './time-field.tsx';

const DEFAULT_FPS: GifFps = 10;
const DEFAULT_SIZE: GifSize = '480:-1';

/**
 * Create Animated GIF: a clip (start, end clipped by the frame rate's limit), size, and text drawn
 * on it, previewed on the clip's first frame as the user types; the answer's embed code stays
 * shown until cleared.
 */
export function GifModal({ video, open, onClose }: { video: Video; open: boolean; onClose(): void }) {
  const client = useClient();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const duration = video.metadata.durationSec ?? 0;
  const [fps, setFps] = useState<GifFps>(DEFAULT_FPS);
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(() => clipGifEnd(0, Math.floor(duration) || 1, DEFAULT_FPS));
  const [size, setSize] = useState<GifSize>(DEFAULT_SIZE);
  const [text, setText] = useState('');
  const [color, setColor] = useState<string>(GIF_TEXT_DEFAULTS.color);
  const [fontFamily, setFontFamily] = useState<GifFont>(GIF_TEXT_DEFAULTS.fontFamily);
  const [fontWeight, setFontWeight] = useState<GifFontWeight>(GIF_TEXT_DEFAULTS.fontWeight);
  const [fontSize, setFontSize] = useState<number>(GIF_TEXT_DEFAULTS.fontSize);
  const [pos, setPos] = useState({ x: 0.05, y: 0.05 });
  const [redirect, setRedirect] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [embed, setEmbed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const frame = gifFrameSize(size, video.metadata.video);
  const [previewWidth, setPreviewWidth] = useState(0);
  const player = useRef<HTMLVideoElement>(null);
  const max = GIF_FPS_MAX_SECONDS[fps];

  // The text is drawn at its size in GIF pixels: the preview scales it as it scales the frame.
  // A callback ref, as the modal mounts its content after this component's first effects.
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const ro = new ResizeObserver(() => setPreviewWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The preview shows the clip's first frame.
  useEffect(() => {
    if (player.current) player.current.currentTime = start;
  }, [start]);

  function times(nextStart: number, nextEnd: number, nextFps: GifFps) {
    const s = Math.min(nextStart, duration);
    setStart(s);
    setEnd(Math.min(clipGifEnd(s, nextEnd, nextFps), duration || nextEnd));
    setFps(nextFps);
  }

  const input: GifCreateInput = {
    videoId: video.id,
    startTime: start,
    endTime: end,
    fps,
    size,
    textInfo: { text, color, fontFamily, fontWeight, fontSize, x: pos.x, y: pos.y },
    redirectToUrl: redirect,
  };

  async function create() {
    // The contract's own rules, so the dialog and the API say the same.
    const checked = GifCreate.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const gif = await client.gifs.create(checked.data);
      setEmbed(gif.embed);
      alert('success', tr`GIF created.`);
      await queryClient.invalidateQueries({ queryKey: keys.gifs(video.id) });
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!embed) return;
    await platform.copyText(embed);
    alert('success', tr`Copied!`);
  }

  const scale = previewWidth / frame.width || 0;
  return (
    <Modal title={tr`Create Animated GIF`} open={open} onCancel={onClose} width={880} destroyOnHidden footer={null}>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <div ref={measure}>
            <DragPreview
              aspect={frame.width / frame.height}
              x={pos.x}
              y={pos.y}
              onMove={(x, y) => setPos({ x, y })}
              label={tr`GIF text`}
              background={
                <video
                  ref={player}
                  src={video.videoSource ?? undefined}
                  muted
                  playsInline
                  preload="auto"
                  aria-label={tr`GIF preview`}
                  style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', pointerEvents: 'none' }}
                />
              }
            >
              <span
                data-testid="gif-text-preview"
                style={{ display: 'block', whiteSpace: 'pre', color, fontFamily: CSS_FONT[fontFamily], fontWeight, fontSize: fontSize * scale, lineHeight: 1.2, minWidth: 8, minHeight: fontSize * scale }}
              >
                {text}
              </span>
            </DragPreview>
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 13 }}>
            {tr`${frame.width} × ${frame.height} px · ${formatTimeInput(end - start)} at ${fps} fps (at most ${max} s). Drag the text to place it.`}
          </Typography.Paragraph>
          {embed && (
            <Flex vertical gap={8}>
              <Typography.Text strong>{tr`Embed code`}</Typography.Text>
              <Input.TextArea aria-label={tr`GIF embed code`} value={embed} readOnly autoSize={{ minRows: 2, maxRows: 5 }} />
              <Flex gap={8}>
                <Button type="primary" onClick={copy}>{tr`Copy embed code`}</Button>
                <Button onClick={() => setEmbed(null)}>{tr`Clear`}</Button>
              </Flex>
            </Flex>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form layout="vertical" component="div">
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item label={tr`Start time`} htmlFor="gif-start">
                  <TimeField id="gif-start" label={tr`Start time`} value={start} onChange={(t) => times(t, Math.max(end, t + 1), fps)} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr`End time`} htmlFor="gif-end" validateStatus={end <= start ? 'error' : undefined} help={end <= start ? GIF_MESSAGES.endAfterStart : undefined}>
                  <TimeField id="gif-end" label={tr`End time`} value={end} onChange={(t) => times(start, t, fps)} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr`Frame rate`} htmlFor="gif-fps">
                  <Select id="gif-fps" value={fps} onChange={(f) => times(start, end, f)} options={GIF_FPS_CHOICES.map((f) => ({ value: f, label: `${f} fps (max ${GIF_FPS_MAX_SECONDS[f]} s)` }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr`Size`} htmlFor="gif-size">
                  <Select id="gif-size" value={size} onChange={setSize} options={GIF_SIZES.map((s) => ({ value: s, label: s.replace('-1', 'auto') }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={tr`Text`} htmlFor="gif-text">
              <Input id="gif-text" value={text} onChange={(e) => setText(e.target.value)} maxLength={GIF_TEXT_MAX} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item label={tr`Colour`} htmlFor="gif-color">
                  <input id="gif-color" type="color" value={color} onChange={(e) => setColor(e.target.value)} style={{ width: '100%', height: 32, padding: 2, border: 0, background: 'none' }} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item label={tr`Font`} htmlFor="gif-font">
                  <Select id="gif-font" value={fontFamily} onChange={setFontFamily} options={GIF_FONTS.map((f) => ({ value: f, label: <span style={{ fontFamily: CSS_FONT[f] }}>{f}</span> }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr`Weight`} htmlFor="gif-weight">
                  <Select id="gif-weight" value={fontWeight} onChange={setFontWeight} options={GIF_FONT_WEIGHT_CHOICES.map((w) => ({ value: w, label: `${GIF_FONT_WEIGHTS[w]} (${w})` }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr`Font size`} htmlFor="gif-font-size">
                  <InputNumber id="gif-font-size" min={GIF_FONT_SIZE_MIN} max={GIF_FONT_SIZE_MAX} value={fontSize} onChange={(v) => v !== null && setFontSize(v)} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={tr`Redirect URL (optional)`} htmlFor="gif-redirect" validateStatus={errors.redirectToUrl ? 'error' : undefined} help={errors.redirectToUrl ?? tr`Where a click on the GIF goes; the video otherwise.`}>
              <Input
                id="gif-redirect"
                value={redirect}
                placeholder="https://"
                onChange={(e) => {
                  setRedirect(e.target.value);
                  setErrors(({ redirectToUrl: _, ...rest }) => rest);
                }}
              />
            </Form.Item>
            <Flex gap={8} justify="end">
              <Button onClick={onClose}>{tr`Done`}</Button>
              <Button type="primary" loading={busy} disabled={end <= start} onClick={create}>{tr`Create GIF`}</Button>
            </Flex>
          </Form>
        </Col>
      </Row>
    </Modal>
  );
}
