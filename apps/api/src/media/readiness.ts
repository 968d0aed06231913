import { type BinaryPaths, type MediaBinary, MissingBinaryError, MIN_SYSTEM_MAJOR, mediaBinary } from './binaries.ts';
import { type MediaBoxSettings, mediaBoxReport } from './box.ts';

/*
 * Whether this process may decode strangers' files at all. Media runs only with a
 * security-maintained ffmpeg (the system's, version 5 or newer, or one the operator named) inside
 * bubblewrap; without the box it runs only when the operator turned the box off on purpose
 * (MEDIA_SANDBOX=off) and named the ffmpeg to run (FFMPEG_PATH). Anything else is refused: the
 * start log says why and what to do, uploads answer 503, and a job fails with MEDIA_UNAVAILABLE.
 */

/** What an owner or API caller reads when media is refused (503, or a job's failure reason). */
export const MEDIA_UNAVAILABLE = 'Video processing is unavailable on this server until its administrator installs a current ffmpeg and bubblewrap (the server says how when it starts).';

/** Media work refused by this process's check (see mediaReadiness). */
export class MediaUnavailableError extends Error {
  constructor() {
    super(MEDIA_UNAVAILABLE);
    this.name = 'MediaUnavailableError';
  }
}

export interface MediaReadiness {
  /** Whether media may be processed here. */
  ready: boolean;
  /** The start log's line: "media: ffmpeg 5.1.9-0+deb12u1 in bubblewrap", or why media is refused and what to do. */
  line: string;
  ffmpeg: MediaBinary | null;
  ffprobe: MediaBinary | null;
  boxed: boolean;
}

const HOW_TO_FIX =
  'install Debian\'s packages (apt-get install ffmpeg bubblewrap yt-dlp; `npm start` does this when it runs as root with apt-get), or, to run without the box on purpose, set MEDIA_SANDBOX=off and FFMPEG_PATH (and FFPROBE_PATH)';

/** Decides, once at start, whether this process may run media (see the file's comment). `searchPath` replaces PATH (tests). */
export function mediaReadiness(paths: BinaryPaths, sandbox: MediaBoxSettings['sandbox'], searchPath?: string): MediaReadiness {
  const boxed = mediaBoxReport().isolation.startsWith('bubblewrap');
  let ffmpeg: MediaBinary | null = null;
  let ffprobe: MediaBinary | null = null;
  const refused = (why: string): MediaReadiness => ({ ready: false, line: `media: refused, ${why}: ${HOW_TO_FIX}`, ffmpeg, ffprobe, boxed });
  try {
    ffmpeg = mediaBinary('ffmpeg', paths.ffmpegPath, searchPath);
    ffprobe = mediaBinary('ffprobe', paths.ffprobePath, searchPath);
  } catch (err) {
    if (err instanceof MissingBinaryError) return refused(err.message);
    throw err;
  }
  // The npm builds are a fallback nobody chose: years-old demuxers and decoders.
  const old = [ffmpeg, ffprobe].filter((b) => b.source === 'bundled');
  if (old.length) return refused(`no ffmpeg/ffprobe ${MIN_SYSTEM_MAJOR} or newer was found (only the npm build ${old[0].version})`);
  const version = `ffmpeg ${ffmpeg.version}`;
  if (boxed) return { ready: true, line: `media: ${version} in bubblewrap`, ffmpeg, ffprobe, boxed };
  if (sandbox === 'off' && paths.ffmpegPath) {
    return { ready: true, line: `media: ${version} without bubblewrap, as the operator chose (MEDIA_SANDBOX=off and FFMPEG_PATH set)`, ffmpeg, ffprobe, boxed };
  }
  if (sandbox === 'off') return refused('MEDIA_SANDBOX=off without FFMPEG_PATH: running media without the box needs both, set on purpose');
  return refused('bubblewrap is missing or cannot create namespaces here, and media is not decoded outside its box');
}
