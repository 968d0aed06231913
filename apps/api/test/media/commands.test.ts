import { describe, expect, test } from 'vitest';
import { outputName } from '../../src/media/commands/args.ts';
import { buildLadderArgs, buildRemuxPublishArgs, buildTranscodePublishArgs } from '../../src/media/commands/hls.ts';
import { buildThumbnailArgs } from '../../src/media/commands/images.ts';
import { buildHlsToMp4Args } from '../../src/media/commands/mp4.ts';
import { buildSpeechAudioArgs, POCKETSPHINX_VOICE_FILTER } from '../../src/media/commands/text.ts';
import type { LadderRung } from '../../src/media/ladder.ts';
import { buildPacketDurationArgs, buildProbeArgs } from '../../src/media/probe.ts';

const GLOBAL = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'];
const UPLOAD_FORMATS = 'mov,matroska,avi,flv,mpegts,mpeg,ogg,asf,mxf,dv';
const INPUT = ['-protocol_whitelist', 'file,pipe', '-format_whitelist', UPLOAD_FORMATS, '-probesize', '20000000', '-analyzeduration', '20000000', '-i', 'file:/src/in.mp4'];
const HLS_OPTS = ['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'];

const r720: LadderRung = { name: '720p', width: 1280, height: 720, fps: 30, videoKbps: 2800, maxrateKbps: 3100, bufsizeKbps: 5600, audioKbps: 128, level: '3.1', videoCodec: 'avc1.64001f' };
const r360: LadderRung = { name: '360p', width: 640, height: 360, fps: 30, videoKbps: 800, maxrateKbps: 900, bufsizeKbps: 1600, audioKbps: 128, level: '3.0', videoCodec: 'avc1.64001e' };
const x264 = (r: LadderRung, gop: string) => [
  '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-level:v', r.level,
  '-b:v', `${r.videoKbps}k`, '-maxrate', `${r.maxrateKbps}k`, '-bufsize', `${r.bufsizeKbps}k`,
  '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)',
];
const AAC = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];
const STRIP = ['-map_metadata', '-1', '-map_chapters', '-1'];

describe('ffmpeg argument lists', () => {
  test('remux publish: one input, both streams copied once into a single-file fMP4 that the HLS playlist ranges over', () => {
    const args = buildRemuxPublishArgs({
      input: '/src/in.mp4',
      videoStreamIndex: 0,
      audioStreamIndex: 1,
      playlist: 'hls/first/.index.m3u8.abcd1234.tmp',
      mp4: '.main.mp4.abcd1234.tmp',
    });
    expect(args).toEqual([
      ...GLOBAL, ...INPUT,
      '-map', '0:0', '-map', '0:1', '-c', 'copy', ...STRIP,
      '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_flags', 'single_file+independent_segments', '-hls_segment_type', 'fmp4',
      '-hls_segment_filename', '.main.mp4.abcd1234.tmp', 'hls/first/.index.m3u8.abcd1234.tmp',
    ]);
  });

  test('remux publish without audio maps the video alone', () => {
    const args = buildRemuxPublishArgs({ input: '/src/in.mp4', videoStreamIndex: 2, audioStreamIndex: null, playlist: 'a.m3u8', mp4: 'm.mp4' });
    expect(args.filter((_, i) => args[i - 1] === '-map')).toEqual(['0:2']);
  });

  test('an early remux (before the probe answers) maps the first video that is no cover picture and the first audio, if any', () => {
    const args = buildRemuxPublishArgs({ input: '/src/in.mp4', videoStreamIndex: 'first', audioStreamIndex: 'first', playlist: 'a.m3u8', mp4: 'm.mp4' });
    expect(args.filter((_, i) => args[i - 1] === '-map')).toEqual(['0:V:0', '0:a:0?']);
  });

  test('transcode publish: one encode of both streams into one fragmented mp4 that the HLS playlist lists as byte ranges', () => {
    const args = buildTranscodePublishArgs({
      input: '/src/in.mp4',
      videoStreamIndex: 0,
      audioStreamIndex: 1,
      deinterlace: false,
      sourceFps: 30,
      rung: r720,
      playlist: 'hls/first/.index.m3u8.abcd1234.tmp',
      mp4: '.main.mp4.abcd1234.tmp',
    });
    expect(args).toEqual([
      ...GLOBAL, ...INPUT,
      '-filter_complex', '[0:0]scale=1280:720,setsar=1,format=yuv420p[v0]',
      '-map', '[v0]', '-map', '0:1',
      ...x264(r720, '60'), ...AAC, ...STRIP, '-max_muxing_queue_size', '1024',
      '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_flags', 'single_file+independent_segments', '-hls_segment_type', 'fmp4',
      '-hls_segment_filename', '.main.mp4.abcd1234.tmp', 'hls/first/.index.m3u8.abcd1234.tmp',
    ]);
    expect(args).not.toContain('copy');
  });

  test('transcode of an interlaced 120 fps source without audio deinterlaces, halves the rate and encodes no audio', () => {
    const rung = { ...r360, fps: 60 };
    const args = buildTranscodePublishArgs({ input: '/src/in.mp4', videoStreamIndex: 0, audioStreamIndex: null, deinterlace: true, sourceFps: 120, rung, playlist: 'p.m3u8', mp4: 'm.mp4' });
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:0]yadif,fps=60,scale=640:360,setsar=1,format=yuv420p[v0]');
    expect(args).not.toContain('-c:a');
    expect(args[args.indexOf('-g') + 1]).toBe('120');
  });

  test('ladder: the source is decoded once, each rung scaled from the one above, its own encode and HLS folder', () => {
    const args = buildLadderArgs({
      input: '/src/in.mp4',
      videoStreamIndex: 0,
      audioStreamIndex: 1,
      deinterlace: false,
      sourceFps: 30,
      outputs: [
        { rung: r720, hls: { playlist: 'hls/720p/.index.m3u8.abcd1234.tmp', segmentPattern: 'hls/720p/seg-abcd1234-%04d.ts' } },
        { rung: r360, hls: { playlist: 'hls/360p/.index.m3u8.abcd1234.tmp', segmentPattern: 'hls/360p/seg-abcd1234-%04d.ts' } },
      ],
    });
    expect(args).toEqual([
      ...GLOBAL, ...INPUT,
      '-filter_complex',
      '[0:0]scale=1280:720,setsar=1,format=yuv420p,split=2[v0][c0];[c0]scale=640:360,setsar=1,format=yuv420p[v1]',
      '-map', '[v0]', '-map', '0:1', ...x264(r720, '60'), ...AAC, ...STRIP, '-max_muxing_queue_size', '1024',
      ...HLS_OPTS, '-hls_segment_filename', 'hls/720p/seg-abcd1234-%04d.ts', 'hls/720p/.index.m3u8.abcd1234.tmp',
      '-map', '[v1]', '-map', '0:1', ...x264(r360, '60'), ...AAC, ...STRIP, '-max_muxing_queue_size', '1024',
      ...HLS_OPTS, '-hls_segment_filename', 'hls/360p/seg-abcd1234-%04d.ts', 'hls/360p/.index.m3u8.abcd1234.tmp',
    ]);
  });

  test('ladder with encoder threads: each x264 encode gets that many threads (its default oversubscribes the cores)', () => {
    const args = buildLadderArgs({
      input: '/src/in.mp4',
      videoStreamIndex: 0,
      audioStreamIndex: null,
      deinterlace: false,
      sourceFps: 30,
      encoderThreads: 2,
      outputs: [
        { rung: r720, hls: { playlist: 'a/index.m3u8', segmentPattern: 'a/%d.ts' } },
        { rung: r360, hls: { playlist: 'b/index.m3u8', segmentPattern: 'b/%d.ts' } },
      ],
    });
    const threads = args.flatMap((a, i) => (a === '-threads' ? [args[i + 1]] : []));
    expect(threads).toEqual(['2', '2']);
    expect(args.indexOf('-threads')).toBe(args.indexOf('-force_key_frames') + 2);
  });

  test('thumbnails: one fast-seeking input per time, one JPEG each', () => {
    const args = buildThumbnailArgs({ input: '/src/in.mp4', videoStreamIndex: 0, times: [2, 4.5], outputs: ['t1.jpg', 't2.jpg'], width: 640, height: 360 });
    const seekInput = (t: string) => [...INPUT.slice(0, -2), '-ss', t, '-i', 'file:/src/in.mp4'];
    const jpeg = (i: number, out: string) => ['-map', `${i}:0`, '-frames:v', '1', '-vf', 'scale=640:360,setsar=1', '-q:v', '3', '-f', 'image2', '-update', '1', out];
    expect(args).toEqual([...GLOBAL, ...seekInput('2.000'), ...seekInput('4.500'), ...jpeg(0, 't1.jpg'), ...jpeg(1, 't2.jpg')]);
  });

  test('HLS import: the local playlist is read by the hls demuxer only and copied into an mp4', () => {
    expect(buildHlsToMp4Args({ playlist: '/dl/.index.m3u8.abcd1234.tmp', output: '.out.mp4.abcd1234.tmp' })).toEqual([
      ...GLOBAL,
      '-protocol_whitelist', 'file,pipe', '-format_whitelist', 'hls,mpegts,mov,aac,mp3', '-probesize', '20000000', '-analyzeduration', '20000000',
      '-f', 'hls', '-i', 'file:/dl/.index.m3u8.abcd1234.tmp',
      '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...STRIP, '-movflags', '+faststart', '-f', 'mp4', '.out.mp4.abcd1234.tmp',
    ]);
  });

  test('ffprobe: JSON of format and streams, local file and upload formats only', () => {
    expect(buildProbeArgs('/src/in.mp4')).toEqual([
      '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', UPLOAD_FORMATS,
      '-probesize', '20000000', '-analyzeduration', '20000000', '-print_format', 'json', '-show_format', '-show_streams', 'file:/src/in.mp4',
    ]);
    expect(buildPacketDurationArgs('/src/in.webm', 0)).toEqual([
      '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', UPLOAD_FORMATS,
      '-select_streams', '0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', 'file:/src/in.webm',
    ]);
  });

  test('output names that ffmpeg could read as a protocol or a tee option are refused', () => {
    for (const bad of ['http://x/a.m3u8', 'a|b.mp4', '[f=mp4]x', '/abs/out.mp4', '../up.mp4', 'a b.mp4', 'x=1.mp4']) {
      expect(() => outputName(bad), bad).toThrow(/Unsafe/);
    }
    expect(outputName('hls/720p/seg-abcd1234-%04d.ts')).toBe('hls/720p/seg-abcd1234-%04d.ts');
  });

  test('speech audio for a transcription engine: the probed audio stream alone, 16 kHz mono 16-bit WAV', () => {
    // biome-ignore format: one ffmpeg option per line pair reads best
    expect(buildSpeechAudioArgs({ input: '/src/in.mp4', audioStreamIndex: 1, output: 'speech-ab12.wav' })).toEqual([
      '-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1',
      '-protocol_whitelist', 'file,pipe', '-format_whitelist', UPLOAD_FORMATS, '-probesize', '20000000', '-analyzeduration', '20000000', '-i', 'file:/src/in.mp4',
      '-map', '0:1', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-map_chapters', '-1', '-f', 'wav', 'speech-ab12.wav',
    ]);
    expect(() => buildSpeechAudioArgs({ input: '/src/in.mp4', audioStreamIndex: 1, output: '../x.wav' })).toThrow(/Unsafe/);
    // An engine's own filter (pocketsphinx's loudness and voice band) runs before the downmix and resampling.
    const filtered = buildSpeechAudioArgs({ input: '/src/in.mp4', audioStreamIndex: 1, output: 'speech-ab12.wav', filter: POCKETSPHINX_VOICE_FILTER });
    expect(filtered.slice(filtered.indexOf('-vn'), filtered.indexOf('-ar'))).toEqual(['-vn', '-af', 'loudnorm,highpass=f=80', '-ac', '1']);
  });
});
