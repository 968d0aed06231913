import { t } from '@lingui/core/macro';
import { Flex, Slider } from 'antd';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { PixelArea } from '../../../lib/crop-image.ts';

/**
 * Pan (drag) and zoom an image under a frame of the given aspect ratio; reports the framed area
 * in the image's pixels.
 */
export function ImageCropper({ src, aspect, onArea, label }: { src: string; aspect: number; onArea(area: PixelArea): void; label: string }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <Flex vertical gap={8}>
      <fieldset style={{ position: 'relative', height: 260, margin: 0, padding: 0, border: 0, background: '#222', borderRadius: 6, overflow: 'hidden' }} aria-label={label} data-testid="image-cropper">
        <Cropper image={src} crop={crop} zoom={zoom} aspect={aspect} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={(_, px) => onArea(px)} />
      </fieldset>
      <Flex align="center" gap={12}>
        <span aria-hidden>{t`Zoom`}</span>
        <Slider ariaLabelForHandle="Zoom" min={1} max={3} step={0.05} value={zoom} onChange={setZoom} style={{ flex: 1 }} />
      </Flex>
    </Flex>
  );
}
