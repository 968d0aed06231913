import { t } from '@lingui/core/macro';
import { PlusOutlined } from '@ant-design/icons';
import { errorMessage, THUMBNAIL_UPLOAD_SLOT, thumbnailTimes, type Video } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, theme } from 'antd';
import { useEffect, useState } from 'react';
import { cropImage, IMAGE_ACCEPT, type PixelArea } from '../../../lib/crop-image.ts';
import { formatTimeInput } from '../../../lib/time-input.ts';
import { keys } from '../../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../../services.tsx';
import { ImageCropper } from './image-cropper.tsx';

export const thumbnailUpdated = () => t`Thumbnail updated successfully!`;

/** The player's aspect ratio (width / height), 16:9 while the size is unknown. */
export const videoAspect = (v: Pick<Video, 'metadata'>) => (v.metadata.video.width && v.metadata.video.height ? v.metadata.video.width / v.metadata.video.height : 16 / 9);

/**
 * Set Video Thumbnail: one of the 4 evenly spaced frames (slots 0..3, sent as the frame's time) or
 * an uploaded image (slot 100) cropped to the player's aspect ratio.
 */
export function CoverModal({ video, open, onClose }: { video: Video; open: boolean; onClose(): void }) {
  const client = useClient();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const { token } = theme.useToken();
  const times = thumbnailTimes(video.metadata.durationSec ?? 0);
  const current = video.thumbnails.indexOf(video.imageUrl ?? '');
  const [slot, setSlot] = useState<number | null>(current >= 0 ? current : null);
  const [upload, setUpload] = useState<string | null>(null);
  const [area, setArea] = useState<PixelArea | null>(null);
  // An SVG goes up as it is: the API keeps it as SVG (scripts refused, served sandboxed); a crop would turn it into pixels.
  const [svg, setSvg] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const aspect = videoAspect(video);

  // The picked file is shown through an object URL, released when replaced or closed.
  useEffect(() => () => void (upload && URL.revokeObjectURL(upload)), [upload]);

  async function pick() {
    const [file] = await platform.pickFiles({ accept: IMAGE_ACCEPT });
    if (!file) return;
    setUpload(URL.createObjectURL(file));
    setSvg(file.type === 'image/svg+xml' || /\.svg$/i.test(file.name) ? file : null);
    setArea(null);
    setSlot(THUMBNAIL_UPLOAD_SLOT);
  }

  async function save() {
    if (slot === null) return;
    setBusy(true);
    try {
      if (slot === THUMBNAIL_UPLOAD_SLOT) {
        if (svg) {
          await client.videos.uploadCover(video.id, new File([svg], `${video.id}.svg`, { type: 'image/svg+xml' }));
        } else {
          if (!upload || !area) return;
          const image = await cropImage(upload, area, 'image/jpeg');
          await client.videos.uploadCover(video.id, new File([image], `${video.id}.jpg`, { type: 'image/jpeg' }));
        }
      } else {
        await client.videos.coverFromFrame(video.id, times[slot] ?? 0);
      }
      alert('success', thumbnailUpdated());
      await Promise.all([queryClient.refetchQueries({ queryKey: keys.video(video.id) }), queryClient.invalidateQueries({ queryKey: keys.videos })]);
      onClose();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const tile = (selected: boolean) => ({
    padding: 0,
    border: `3px solid ${selected ? token.colorPrimary : 'transparent'}`,
    borderRadius: token.borderRadius,
    background: token.colorFillSecondary,
    cursor: 'pointer',
    aspectRatio: String(aspect),
    overflow: 'hidden',
  });

  return (
    <Modal
      title={t`Set Video Thumbnail`}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      okText={t`Save`}
      onOk={save}
      okButtonProps={{ disabled: slot === null || (slot === THUMBNAIL_UPLOAD_SLOT && !area && !svg), loading: busy }}
    >
      <div role="radiogroup" aria-label={t`Thumbnail`} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12, marginBottom: 16 }}>
        {video.thumbnails.map((url, i) => (
          // biome-ignore lint/a11y/useSemanticElements: an image tile that acts as one radio of the group.
          <button key={url} type="button" role="radio" aria-checked={slot === i} aria-label={t`Frame ${i + 1} at ${formatTimeInput(times[i] ?? 0)}`} onClick={() => setSlot(i)} style={tile(slot === i)}>
            <img src={url} alt="" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
          </button>
        ))}
        {/* biome-ignore lint/a11y/useSemanticElements: the upload slot is the group's last radio. */}
        <button type="button" role="radio" aria-checked={slot === THUMBNAIL_UPLOAD_SLOT} aria-label={t`Upload image`} onClick={pick} style={{ ...tile(slot === THUMBNAIL_UPLOAD_SLOT), display: 'grid', placeItems: 'center', color: token.colorTextSecondary }}>
          <Flex vertical align="center" gap={4}>
            <PlusOutlined aria-hidden />
            {upload ? t`Choose another image` : t`Upload image`}
          </Flex>
        </button>
      </div>
      {slot === THUMBNAIL_UPLOAD_SLOT && upload && !svg && <ImageCropper src={upload} aspect={aspect} onArea={setArea} label={t`Crop the thumbnail`} />}
      {slot === THUMBNAIL_UPLOAD_SLOT && upload && svg && (
        <Flex vertical gap={8}>
          <img src={upload} alt={t`The chosen SVG`} style={{ display: 'block', width: '100%', aspectRatio: String(aspect), objectFit: 'contain', background: token.colorFillSecondary }} />
          <span style={{ color: token.colorTextSecondary }}>{t`An SVG image is kept as SVG, whole and sharp at any size; it is not cropped.`}</span>
        </Flex>
      )}
      {slot === THUMBNAIL_UPLOAD_SLOT && !upload && (
        <Button onClick={pick} block>{t`Choose an image (JPG, GIF, PNG or SVG)`}</Button>
      )}
    </Modal>
  );
}
