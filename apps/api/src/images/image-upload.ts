// sharp (libvips) and file-type load on the first image upload: they cost ~20 MB of memory
// that an API process serving video would otherwise carry for nothing.
const loadSharp = async () => (await import('sharp')).default;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_ERROR = 'Only JPG, GIF, PNG and SVG images are accepted.';
export const SVG_SCRIPT_ERROR = 'SVG images may not contain scripts or external references.';

export type PreparedImage = { ext: 'png' | 'svg'; data: Buffer; contentType: string };

// Anything that could run code or pull content from elsewhere when an SVG is opened.
const SVG_DANGER = /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|<iframe|<embed|<object|(?:xlink:)?href\s*=\s*["']?\s*(?!#|data:image\/)/i;

/**
 * Checks an uploaded image by its bytes, not its name or declared type: raster images are
 * re-encoded to PNG (dropping metadata and anything smuggled after the pixels), SVGs are kept
 * only when they hold no scripts or external references.
 */
export async function prepareImage(input: Buffer, opts: { maxWidth?: number; maxHeight?: number } = {}): Promise<PreparedImage | { error: string }> {
  if (input.length === 0 || input.length > MAX_IMAGE_BYTES) return { error: `Images must be between 1 byte and ${MAX_IMAGE_BYTES / 1024 / 1024} MB.` };
  const type = await (await import('file-type')).fileTypeFromBuffer(input);
  const sharp = await loadSharp();
  if (type && ['image/jpeg', 'image/png', 'image/gif'].includes(type.mime)) {
    try {
      const data = await sharp(input, { animated: false, limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: opts.maxWidth ?? 1024, height: opts.maxHeight ?? 1024, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      return { ext: 'png', data, contentType: 'image/png' };
    } catch {
      return { error: IMAGE_TYPE_ERROR };
    }
  }
  const head = input.subarray(0, 4096).toString('utf8').trimStart();
  if (!type && /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    const text = input.toString('utf8');
    if (SVG_DANGER.test(text)) return { error: SVG_SCRIPT_ERROR };
    try {
      await sharp(input).metadata();
    } catch {
      return { error: IMAGE_TYPE_ERROR };
    }
    return { ext: 'svg', data: input, contentType: 'image/svg+xml' };
  }
  return { error: IMAGE_TYPE_ERROR };
}
