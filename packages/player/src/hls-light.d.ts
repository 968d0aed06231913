// hls.js names no types for its light build (package export "./light"): they are the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
