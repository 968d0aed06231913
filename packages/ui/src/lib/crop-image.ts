import { t } from '@lingui/core/macro';
/** A rectangle in an image's own pixels (what react-easy-crop reports as croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image files the cover and watermark uploads accept (the API checks the bytes again). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/svg+xml';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(t`This image could not be read.`));
    img.src = src;
  });
}

/**
 * Draws `area` of the image at `src` into a canvas and encodes it (PNG keeps a watermark's
 * transparency; a cover goes as JPEG). The long side is kept to `maxSide`, as the API stores no
 * more than that anyway.
 */
export async function cropImage(src: string, area: PixelArea, type: 'image/png' | 'image/jpeg', maxSide = 1920): Promise<Blob> {
  const img = await loadImage(src);
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(t`This browser cannot crop images.`);
  if (type === 'image/jpeg') {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t`This image could not be cropped.`))), type, 0.92));
}
