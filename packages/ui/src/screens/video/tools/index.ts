// The edit tools' modals, loaded together as one chunk when a tool is first opened.
export { CoverModal } from './cover-modal.tsx';
export { GifModal } from './gif-modal.tsx';
export { TrimModal } from './trim-modal.tsx';
export { WatermarkModal } from './watermark-modal.tsx';
