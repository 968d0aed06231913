import { editBlockedReason, errorFromBody, type Video } from '@reelbase/api-client';
import { describe, expect, it } from 'vitest';
import { countOf, formatDuration, isVideoFile, notAVideoReason } from '../src/lib/format.ts';
import { isSettling } from '../src/screens/videos/video-status.tsx';

const withActivity = (activity: Video['processing']['activity']) => ({ processing: { activity } }) as Pick<Video, 'processing'>;

describe('words for counts, lengths and refused files', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(0, 'video')).toBe('0 videos');
    expect(countOf(1, 'video')).toBe('1 video');
    expect(countOf(2, 'video')).toBe('2 videos');
    expect(countOf(1200, 'user')).toBe('1,200 users');
  });

  it('shows a length as m:ss, h:mm:ss from an hour, nothing when unknown', () => {
    expect(formatDuration(3.04)).toBe('0:03');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('');
  });

  it('takes video files by type, or by name when the browser knows no type; says why others are refused', () => {
    expect(isVideoFile({ type: 'video/mp4', name: 'a.mp4' })).toBe(true);
    expect(isVideoFile({ type: '', name: 'holiday.MKV' })).toBe(true);
    expect(isVideoFile({ type: 'application/pdf', name: 'a.pdf' })).toBe(false);
    expect(isVideoFile({ type: '', name: 'notes.txt' })).toBe(false);
    expect(notAVideoReason({ type: 'application/pdf', name: 'price-list.pdf' })).toBe('“price-list.pdf” was not uploaded: it is a PDF document, not a video. Choose a video file such as MP4, MOV or WebM.');
    expect(notAVideoReason({ type: 'image/png', name: 'logo.png' })).toContain('it is an image, not a video');
    expect(notAVideoReason({ type: '', name: 'notes.txt' })).toContain('it is a .txt file, not a video');
  });
});

describe('honest state', () => {
  it('polls while a video changes, not once it is ready or failed', () => {
    for (const a of ['importing', 'queued', 'processing', 'ladder', 'trimming', 'watermarking'] as const) expect(isSettling(withActivity(a))).toBe(true);
    expect(isSettling(withActivity('ready'))).toBe(false);
    expect(isSettling(withActivity('failed'))).toBe(false);
  });

  it('edit tools say why they wait', () => {
    expect(editBlockedReason(withActivity('ready'))).toBeNull();
    expect(editBlockedReason(withActivity('trimming'))).toBe('The video is being trimmed. The tools come back when it is done.');
    expect(editBlockedReason(withActivity('watermarking'))).toBe('The watermark is being added. The tools come back when it is done.');
    expect(editBlockedReason(withActivity('ladder'))).toBe('The video is still processing. The tools come back when it is ready.');
    expect(editBlockedReason(withActivity('failed'))).toBe('This video could not be processed. Upload it again.');
  });

  it("a 429 keeps the server's Retry-After", () => {
    const err = errorFromBody(429, { message: 'Too many failed sign-in attempts. Try again in 15 minutes.' }, '', '900');
    expect(err.retryAfterSeconds).toBe(900);
    expect(err.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(errorFromBody(429, { message: 'x' }).retryAfterSeconds).toBeUndefined();
  });
});
