// hls.js's full build (alternate audio renditions), a chunk of its own: see importHlsWithAudio in source.ts.
export { default } from 'hls.js';
