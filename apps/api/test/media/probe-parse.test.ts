import { describe, expect, test } from 'vitest';
import { NotAVideoError, parsePacketDuration, parseProbeOutput } from '../../src/media/probe.ts';

const video = { index: 0, codec_type: 'video', codec_name: 'h264', profile: 'High', level: 40, width: 1920, height: 1080, pix_fmt: 'yuv420p', sample_aspect_ratio: '1:1', avg_frame_rate: '30000/1001', field_order: 'progressive' };
const audio = { index: 1, codec_type: 'audio', codec_name: 'aac', profile: 'LC', channels: 2, bit_rate: '128000' };
const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.345', bit_rate: '4000000' };

describe('parseProbeOutput', () => {
  test('reads the streams the pipelines need', () => {
    expect(parseProbeOutput({ streams: [video, audio], format })).toEqual({
      durationSec: 12.345,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      audioCodec: 'aac',
      fps: 29.97,
      bitRate: 4_000_000,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      rotation: 0,
      pixFmt: 'yuv420p',
      videoProfile: 'High',
      videoLevel: 40,
      audioProfile: 'LC',
      audioChannels: 2,
      audioBitRate: 128_000,
      videoStreamIndex: 0,
      audioStreamIndex: 1,
      interlaced: false,
      firstStreams: true,
    });
  });

  test('whether the chosen streams are the first video (not a cover) and the first audio, as an early remux maps them', () => {
    const cover = { ...video, index: 0, disposition: { attached_pic: 1 } };
    expect(parseProbeOutput({ streams: [cover, { ...video, index: 1 }, { ...audio, index: 2 }], format }).firstStreams).toBe(true);
    const second = { ...video, index: 2, disposition: { default: 1 } };
    expect(parseProbeOutput({ streams: [{ ...video, disposition: { default: 0 } }, audio, second], format })).toMatchObject({ videoStreamIndex: 2, firstStreams: false });
    const unknownAudio = { index: 1, codec_type: 'audio' };
    expect(parseProbeOutput({ streams: [video, unknownAudio, { ...audio, index: 2 }], format })).toMatchObject({ audioStreamIndex: 2, firstStreams: false });
  });

  test('a phone video turned by its display matrix reports the displayed size', () => {
    const turned = { ...video, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] };
    expect(parseProbeOutput({ streams: [turned], format })).toMatchObject({ rotation: 90, width: 1080, height: 1920, audioCodec: null, audioStreamIndex: null });
    const legacy = { ...video, tags: { rotate: '270' } };
    expect(parseProbeOutput({ streams: [legacy], format })).toMatchObject({ rotation: 270, width: 1080, height: 1920 });
  });

  test('anamorphic pixels are widened to the displayed size', () => {
    const dv = { ...video, width: 720, height: 480, sample_aspect_ratio: '32:27', field_order: 'bb' };
    expect(parseProbeOutput({ streams: [dv], format })).toMatchObject({ width: 853, height: 480, interlaced: true });
  });

  test('cover art is not a video stream', () => {
    const cover = { ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(() => parseProbeOutput({ streams: [audio, cover], format })).toThrow(NotAVideoError);
  });

  test('without a container duration the stream duration or DURATION tag is used', () => {
    expect(parseProbeOutput({ streams: [{ ...video, duration: '3.5' }], format: { format_name: 'avi' } }).durationSec).toBe(3.5);
    expect(parseProbeOutput({ streams: [{ ...video, tags: { DURATION: '00:01:02.500000000' } }], format: { format_name: 'matroska,webm' } }).durationSec).toBe(62.5);
    expect(parseProbeOutput({ streams: [video], format: { format_name: 'matroska,webm' } }).durationSec).toBe(0);
  });

  test('packet times give the duration of a file that does not state one', () => {
    expect(parsePacketDuration('0.000000,0.033000\n0.033000,0.033000\n2.967000,0.033000\n\n')).toBe(3);
    expect(parsePacketDuration('N/A,N/A\n')).toBe(0);
  });
});
