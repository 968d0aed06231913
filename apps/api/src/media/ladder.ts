import type { ProbeResult } from './probe.ts';

/** One H.264 + AAC rendition to encode. */
export interface LadderRung {
  /** "720p": the rung's nominal short side, also its folder under hls/. */
  name: string;
  width: number;
  height: number;
  /** Output frame rate (the source's, halved until at most 60). */
  fps: number;
  videoKbps: number;
  maxrateKbps: number;
  bufsizeKbps: number;
  audioKbps: number;
  /** H.264 level as x264 takes it ("3.1"), chosen from size, frame rate and peak rate. */
  level: string;
  /** RFC 6381 codec of the video ("avc1.64001f": High profile at that level). */
  videoCodec: string;
}

interface NominalRung {
  name: string;
  /** Box the picture is fitted into (landscape; turned for portrait sources). */
  long: number;
  short: number;
  videoKbps: number;
}

/**
 * Close to Apple's HLS authoring ladder for 30 fps H.264, one rung per common size. The ladder
 * stops at 1080p: higher rungs would multiply encode time on small machines for few viewers.
 */
export const NOMINAL_LADDER: readonly NominalRung[] = [
  { name: '1080p', long: 1920, short: 1080, videoKbps: 5000 },
  { name: '720p', long: 1280, short: 720, videoKbps: 2800 },
  { name: '480p', long: 854, short: 480, videoKbps: 1400 },
  { name: '360p', long: 640, short: 360, videoKbps: 800 },
  { name: '240p', long: 426, short: 240, videoKbps: 400 },
];

export const AUDIO_KBPS = 128;
/** Source audio up to this rate is carried into every rung as it is (ladderCopiesAudio). */
const COPIED_AUDIO_MAX_BPS = AUDIO_KBPS * 1000 * 1.5;

/**
 * Whether the rungs carry the source's audio as it is rather than encode it once per rung: AAC-LC
 * (the mp4a.40.2 the master playlist names), mono or stereo, at a rate a small rung can afford. Four
 * AAC encodes in the ladder's run cost about 2.5 s of a 60 s clip's 26 s on 2 cores, and every rung,
 * the reused top one included, then has the same audio, so switching rungs never changes it.
 */
export function ladderCopiesAudio(p: Pick<ProbeResult, 'audioCodec' | 'audioProfile' | 'audioChannels' | 'audioBitRate'>): boolean {
  return (
    p.audioCodec === 'aac' &&
    p.audioProfile === 'LC' &&
    p.audioChannels !== null &&
    p.audioChannels <= 2 &&
    p.audioBitRate !== null &&
    p.audioBitRate <= COPIED_AUDIO_MAX_BPS
  );
}

export const MAX_OUTPUT_FPS = 60;
/** Frame rates above 30 get more bits, as in Apple's 60 fps rows. */
const HIGH_FPS_FACTOR = 1.5;

type SourceSize = Pick<ProbeResult, 'width' | 'height' | 'fps'>;

/**
 * The renditions for a source, largest first: every nominal rung the source can fill without
 * upscaling, fitted to the source's aspect ratio (even sizes). A source smaller than the
 * smallest rung gets one rung at its own size.
 */
export function planLadder(source: SourceSize): LadderRung[] {
  const fps = outputFps(source.fps);
  const landscape = source.width >= source.height;
  const rungs: LadderRung[] = [];
  for (const nominal of NOMINAL_LADDER) {
    const boxW = landscape ? nominal.long : nominal.short;
    const boxH = landscape ? nominal.short : nominal.long;
    const scale = Math.min(boxW / source.width, boxH / source.height);
    if (scale > 1) continue; // would upscale
    const size = scaledEven(source.width, source.height, scale);
    if (rungs.some((r) => r.width === size.width && r.height === size.height)) continue;
    const pixelShare = (size.width * size.height) / (boxW * boxH);
    rungs.push(makeRung(nominal.name, size, fps, nominal.videoKbps * pixelShare));
  }
  if (rungs.length === 0) {
    const smallest = NOMINAL_LADDER[NOMINAL_LADDER.length - 1];
    const size = scaledEven(source.width, source.height, 1);
    const share = (size.width * size.height) / (smallest.long * smallest.short);
    rungs.push(makeRung(`${Math.min(size.width, size.height)}p`, size, fps, Math.max(smallest.videoKbps * share, 100)));
  }
  return rungs;
}

/** The one rendition published first when the source has to be re-encoded: the ladder's top rung. */
export function firstRung(source: SourceSize): LadderRung {
  return planLadder(source)[0];
}

function makeRung(name: string, size: { width: number; height: number }, fps: number, kbps: number): LadderRung {
  const videoKbps = roundKbps(kbps * (fps > 30.5 ? HIGH_FPS_FACTOR : 1));
  const maxrateKbps = roundKbps(videoKbps * 1.1);
  const level = h264Level(size.width, size.height, fps, maxrateKbps);
  return {
    name,
    width: size.width,
    height: size.height,
    fps,
    videoKbps,
    maxrateKbps,
    bufsizeKbps: videoKbps * 2,
    audioKbps: AUDIO_KBPS,
    level,
    videoCodec: avc1Codec('High', levelIdc(level)),
  };
}

function roundKbps(kbps: number): number {
  return Math.max(50, Math.round(kbps / 50) * 50);
}

/**
 * Scales and rounds each side to the nearest even number (4:2:0 needs even sizes), at least 2
 * and never past the source's own (even) size.
 */
export function scaledEven(width: number, height: number, scale: number): { width: number; height: number } {
  const even = (side: number) => Math.max(2, Math.min(2 * Math.round((side * scale) / 2), 2 * Math.floor(side / 2)));
  return { width: even(width), height: even(height) };
}

/** The source rate, halved until at most 60 fps; 30 when the source does not say. */
export function outputFps(sourceFps: number): number {
  let fps = sourceFps > 0 && Number.isFinite(sourceFps) ? sourceFps : 30;
  while (fps > MAX_OUTPUT_FPS + 0.5) fps /= 2;
  return Math.round(fps * 1000) / 1000;
}

/** Frames between keyframes for one every 2 seconds. */
export function gopFrames(fps: number, seconds = 2): number {
  return Math.max(1, Math.round(fps * seconds));
}

// H.264 Annex A limits: level, max macroblocks per second, max frame size in macroblocks,
// max video bit rate in kbit/s (High profile allows 1.25 times the Baseline figure).
const LEVELS: readonly [string, number, number, number][] = [
  ['3.0', 40_500, 1_620, 10_000],
  ['3.1', 108_000, 3_600, 14_000],
  ['3.2', 216_000, 5_120, 20_000],
  ['4.0', 245_760, 8_192, 20_000],
  ['4.1', 245_760, 8_192, 50_000],
  ['4.2', 522_240, 8_704, 50_000],
  ['5.0', 589_824, 22_080, 135_000],
  ['5.1', 983_040, 36_864, 240_000],
  ['5.2', 2_073_600, 36_864, 240_000],
];

/** The lowest level (3.0 at least) whose limits hold the given size, rate and peak bit rate. */
export function h264Level(width: number, height: number, fps: number, maxrateKbps: number): string {
  const mbW = Math.ceil(width / 16);
  const mbH = Math.ceil(height / 16);
  const frameMbs = mbW * mbH;
  for (const [level, maxMbps, maxFs, maxKbps] of LEVELS) {
    const sideLimit = Math.sqrt(maxFs * 8);
    if (frameMbs <= maxFs && mbW <= sideLimit && mbH <= sideLimit && frameMbs * fps <= maxMbps && maxrateKbps <= maxKbps * 1.25) return level;
  }
  return '5.2';
}

/** "4.0" -> 40 */
export function levelIdc(level: string): number {
  return Math.round(Number(level) * 10);
}

const PROFILE_BYTES: Record<string, string> = {
  Baseline: '4200',
  'Constrained Baseline': '42e0',
  Main: '4d40',
  Extended: '5800',
  High: '6400',
};

/** RFC 6381 H.264 codec string, e.g. avc1.640028 for High at level 4.0. */
export function avc1Codec(profile: string | null, level: number | null): string {
  const bytes = PROFILE_BYTES[profile ?? ''] ?? PROFILE_BYTES.High;
  const idc = level && level > 0 ? level : 40;
  return `avc1.${bytes}${idc.toString(16).padStart(2, '0')}`;
}

/** RFC 6381 codec of an AAC stream from ffprobe's profile name. */
export function aacCodec(profile: string | null): string {
  if (profile === 'HE-AAC') return 'mp4a.40.5';
  if (profile === 'HE-AACv2') return 'mp4a.40.29';
  return 'mp4a.40.2';
}
