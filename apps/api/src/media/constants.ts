/*
 * Constants of the media code that more than one builder or pipeline reads. A leaf: it imports
 * nothing, so commands, ladder and probe all read it without importing each other.
 */

/** How much of an input ffmpeg may read, in bytes and microseconds, to find its streams. */
export const PROBE_SIZE_BYTES = 20_000_000;
export const ANALYZE_DURATION_US = 20_000_000;

/** Demuxers accepted for uploads and downloads (their names as in `ffmpeg -formats`). */
export const UPLOAD_INPUT_FORMATS: readonly string[] = ['mov', 'matroska', 'avi', 'flv', 'mpegts', 'mpeg', 'ogg', 'asf', 'mxf', 'dv'];
/** Demuxers for an imported HLS playlist and its segments (TS, fMP4, packed audio). */
export const HLS_INPUT_FORMATS: readonly string[] = ['hls', 'mpegts', 'mov', 'aac', 'mp3'];

/**
 * Segments as long as the keyframe interval (issue 32): the first frame waits for a whole first
 * segment, 6 s of picture took 2-4 s on a 3G link. Apple's authoring spec asks for 6 s; players
 * of every engine play 2 s segments, at the cost of more (cheap) range requests.
 */
export const HLS_SEGMENT_SECONDS = 2;
export const KEYFRAME_INTERVAL_SECONDS = 2;
export const DEFAULT_X264_PRESET = 'veryfast';

/** Trimmed sources are mp4 (exact timestamps); a codec mp4 cannot hold makes the copy fail and the cut is encoded. */
export const TRIM_OUTPUT_FORMAT = 'mp4';

export const MAIN_MP4 = 'main.mp4';
export const MASTER_PLAYLIST = 'hls/master.m3u8';
/** Folder of the first rendition under hls/; the ladder's folders are named after their rungs. */
export const FIRST_RENDITION_NAME = 'first';
/**
 * The container of every rung (and of main.mp4): fragmented mp4. A master mixing containers
 * breaks players: Chromium's own HLS stopped at the first segment's end when its rung switch
 * crossed from MPEG-TS to fMP4.
 */
export const LADDER_CONTAINER = 'fmp4' as const;
/** Sample rate of the audio handed to a speech engine (16 kHz mono, what pocketsphinx and whisper.cpp read). */
export const SPEECH_SAMPLE_RATE = 16_000;
