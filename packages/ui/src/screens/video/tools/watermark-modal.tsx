import { t } from '@lingui/core/macro';
import { errorMessage, type Video, WATERMARK_OPACITY_DEFAULT } from '@reelbase/api-client';
import { Button, Flex, Form, InputNumber, Modal, Segmented, Slider } from 'antd';
import { useEffect, useState } from 'react';
import { cropImage, IMAGE_ACCEPT, type PixelArea } from '../../../lib/crop-image.ts';
import { sizeOnVideo } from '../../../lib/placement.ts';
import { useAlert, useClient, usePlatform } from '../../../services.tsx';
import { videoAspect } from './cover-modal.tsx';
import { DragPreview } from './drag-preview.tsx';
import { ImageCropper } from './image-cropper.tsx';
import { useStartVideoJob } from './use-video-job.ts';

const ASPECTS = { Original: 0, '1:1': 1, '4:3': 4 / 3, '16:9': 16 / 9 } as const;
type AspectName = keyof typeof ASPECTS;
/** A watermark starts at a fifth of the video's width, in the bottom-right corner. */
const DEFAULT_SCALE = 20;
const MARGIN = 0.03;

interface Picked {
  url: string;
  aspect: number;
}

/** Reads an image's own aspect ratio (width / height). */
function naturalAspect(url: string): Promise<number> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : 1);
    img.onerror = () => resolve(1);
    img.src = url;
  });
}

/** Add Watermark: choose an image, crop it, place it on the video (drag, scale, opacity), save. */
export function WatermarkModal({ video, open, onClose }: { video: Video; open: boolean; onClose(): void }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const startJob = useStartVideoJob(video.id, onClose);
  const aspect = videoAspect(video);
  const [source, setSource] = useState<Picked | null>(null);
  const [aspectName, setAspectName] = useState<AspectName>('Original');
  const [area, setArea] = useState<PixelArea | null>(null);
  const [mark, setMark] = useState<{ blob: Blob; url: string; aspect: number } | null>(null);
  const [scale, setScale] = useState(DEFAULT_SCALE);
  const [opacity, setOpacity] = useState(WATERMARK_OPACITY_DEFAULT);
  const [pos, setPos] = useState({ x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const size = mark ? sizeOnVideo(scale, mark.aspect, aspect) : { width: 0, height: 0 };

  useEffect(() => () => void (source && URL.revokeObjectURL(source.url)), [source]);
  useEffect(() => () => void (mark && URL.revokeObjectURL(mark.url)), [mark]);

  async function pick() {
    const [file] = await platform.pickFiles({ accept: IMAGE_ACCEPT });
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSource({ url, aspect: await naturalAspect(url) });
    setMark(null);
    setArea(null);
  }

  async function place() {
    if (!source || !area) return;
    try {
      const blob = await cropImage(source.url, area, 'image/png');
      const s = sizeOnVideo(scale, area.width / area.height, aspect);
      setMark({ blob, url: URL.createObjectURL(blob), aspect: area.width / area.height });
      setPos({ x: Math.max(0, 1 - s.width - MARGIN), y: Math.max(0, 1 - s.height - MARGIN) });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  function rescale(next: number | null) {
    if (next === null || !mark) return;
    setScale(next);
    // Keep the mark inside the video as it grows.
    const s = sizeOnVideo(next, mark.aspect, aspect);
    setPos((p) => ({ x: Math.min(p.x, 1 - s.width), y: Math.min(p.y, 1 - s.height) }));
  }

  async function remove() {
    setBusy(true);
    if (!(await startJob(() => client.videos.removeWatermark(video.id), t`The watermark is being removed from the video.`))) setBusy(false);
  }

  async function save() {
    if (!mark) return;
    setBusy(true);
    const image = new File([mark.blob], `${video.id}.png`, { type: 'image/png' });
    const placement = { positionX: pos.x, positionY: pos.y, width: size.width, height: size.height, opacity: opacity / 100 };
    if (!(await startJob(() => client.videos.setWatermark(video.id, image, placement), t`The watermark is being added to the video.`))) setBusy(false);
  }

  const step = mark ? 'place' : source ? 'crop' : 'choose';
  return (
    <Modal
      title={t`Add Watermark`}
      open={open}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          {step !== 'choose' && <Button onClick={pick}>{t`Choose another image`}</Button>}
          {step === 'place' && <Button onClick={() => setMark(null)}>{t`Back to crop`}</Button>}
          {step === 'crop' && (
            <Button type="primary" disabled={!area} onClick={place}>{t`Place on video`}</Button>
          )}
          {step === 'place' && (
            <Button type="primary" loading={busy} onClick={save}>{t`Save`}</Button>
          )}
        </Flex>
      }
    >
      {step === 'choose' && (
        <Flex vertical gap={16}>
          {video.watermark && (
            <Flex align="center" gap={12} wrap data-testid="current-watermark">
              <img src={video.watermark.imageUrl} alt={t`Current watermark`} style={{ height: 48, maxWidth: 160, objectFit: 'contain', background: '#0001' }} />
              <span>{video.watermark.state === 'processing' ? t`Being added to the video…` : video.watermark.state === 'failed' ? t`Could not be added.` : t`On the video now.`}</span>
              <Button danger loading={busy} onClick={remove}>{t`Remove watermark`}</Button>
            </Flex>
          )}
          <Button block size="large" onClick={pick} style={{ height: 120 }}>
            {video.watermark ? t`Choose a new image` : t`Choose image`}{' '}{t`(JPG, GIF, PNG or SVG)`}</Button>
        </Flex>
      )}
      {step === 'crop' && source && (
        <Flex vertical gap={12}>
          <Segmented<AspectName> aria-label={t`Crop shape`} options={(Object.keys(ASPECTS) as AspectName[]).map((value) => ({ value, label: value === 'Original' ? t({ message: 'Original', context: 'crop shape' }) : value }))} value={aspectName} onChange={setAspectName} />
          <ImageCropper key={aspectName} src={source.url} aspect={ASPECTS[aspectName] || source.aspect} onArea={setArea} label={t`Crop the watermark`} />
        </Flex>
      )}
      {step === 'place' && mark && (
        <Flex vertical gap={12}>
          <DragPreview
            aspect={aspect}
            x={pos.x}
            y={pos.y}
            width={size.width}
            onMove={(x, y) => setPos({ x, y })}
            label={t`Watermark`}
            background={
              <video
                src={video.videoSource ?? undefined}
                poster={video.imageUrl ?? undefined}
                muted
                loop
                autoPlay
                playsInline
                aria-label={t`Video preview`}
                style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', pointerEvents: 'none' }}
              />
            }
          >
            <img src={mark.url} alt={t`Watermark`} draggable={false} style={{ display: 'block', width: '100%', opacity: opacity / 100 }} />
          </DragPreview>
          <Form layout="inline" component="div" style={{ rowGap: 8 }}>
            <Form.Item label={t`Scale (% of the video's width)`} htmlFor="watermark-scale">
              <InputNumber id="watermark-scale" min={1} max={100} value={scale} onChange={rescale} />
            </Form.Item>
            <Form.Item label={t`Opacity`} htmlFor="watermark-opacity">
              <Flex align="center" gap={8}>
                <Slider min={0} max={100} value={opacity} onChange={setOpacity} ariaLabelForHandle={t`Opacity slider`} style={{ width: 140 }} />
                <InputNumber id="watermark-opacity" min={0} max={100} value={opacity} onChange={(v) => v !== null && setOpacity(v)} />
              </Flex>
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
