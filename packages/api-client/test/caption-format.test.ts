import { expect, test } from 'vitest';
import { CAPTION_MAX_CUES, canonicalLanguage, clockTime, cuePlainText, decodeCaptionBytes, formatTimestamp, languageLabel, parseCaptions, parseTimestamp, toPlainText, toSrt, toWebVtt } from '../src/index.ts';

test('WebVTT: header text, NOTE/STYLE/REGION blocks, identifiers, mm:ss times and cue settings are read; cue text keeps its markup', () => {
  const r = parseCaptions(
    'WEBVTT - a title\nKind: captions\n\nSTYLE\n::cue { color: red }\n\nNOTE a comment\nover two lines\n\nintro\n00:01.5 --> 00:02.250 align:start line:0\n<v Ana>Hello</v> <i>there</i>\n\n01:00:00.000 --> 01:00:01.000\nLate\n',
  );
  expect(r).toEqual({
    ok: true,
    format: 'vtt',
    cues: [
      { startSec: 1.5, endSec: 2.25, text: '<v Ana>Hello</v> <i>there</i>' },
      { startSec: 3600, endSec: 3601, text: 'Late' },
    ],
  });
});

test('SRT: CR, LF or CRLF lines, dot or comma milliseconds, <font> dropped, stray & and < escaped for WebVTT', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    const r = parseCaptions(['1', '00:00:01,000 --> 00:00:02.5', '<font color="#fff">Fish & chips</font> < 5', '', '2', '00:00:03,000 --> 00:00:04,000', '<b>Bold</b>', ''].join(eol));
    expect(r).toEqual({
      ok: true,
      format: 'srt',
      cues: [
        { startSec: 1, endSec: 2.5, text: 'Fish &amp; chips &lt; 5' },
        { startSec: 3, endSec: 4, text: '<b>Bold</b>' },
      ],
    });
  }
});

test('every serialisation reads back to the same cues', () => {
  const cues = [
    { startSec: 0, endSec: 0.001, text: 'a' },
    { startSec: 59.999, endSec: 3599.5, text: '<i>Tom</i> &amp; Jerry\nline two' },
    { startSec: 36000, endSec: 86399.999, text: 'late &lt;tag&gt;' },
  ];
  expect(parseCaptions(toWebVtt(cues))).toEqual({ ok: true, format: 'vtt', cues });
  expect(parseCaptions(toSrt(cues))).toEqual({ ok: true, format: 'srt', cues });
  expect(toSrt(cues)).toContain('2\n00:00:59,999 --> 00:59:59,500\n<i>Tom</i> & Jerry\nline two\n');
  expect(toPlainText(cues)).toBe('a\nTom & Jerry line two\nlate <tag>\n');
  expect(cuePlainText('<v.loud Bob>Hi&nbsp;you</v>')).toBe('Hi\u00a0you');
});

test('the bytes: UTF-8 with or without BOM, UTF-16 with a BOM, and Latin-1 when it is not UTF-8', () => {
  const text = '1\n00:00:01,000 --> 00:00:02,000\nCrème brûlée\n';
  const utf8 = new TextEncoder().encode(text);
  expect(decodeCaptionBytes(utf8)).toBe(text);
  expect(decodeCaptionBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
  const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer)]);
  expect(decodeCaptionBytes(utf16)).toBe(text);
  expect(decodeCaptionBytes(new Uint8Array([...text].map((c) => c.charCodeAt(0))))).toBe(text);
});

test('what is wrong is named with its line', () => {
  expect(parseCaptions('')).toEqual({ ok: false, message: 'Not a WebVTT or SRT file' });
  expect(parseCaptions('WEBVTT\n')).toEqual({ ok: false, message: 'The file has no cues' });
  expect(parseCaptions('WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n')).toEqual({ ok: false, message: 'Not a WebVTT or SRT file' });
  expect(parseCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:03.000 -> 00:04.000\nx\n')).toEqual({ ok: false, message: 'Line 6: a cue needs a timing line (00:00:01.000 --> 00:00:02.000)' });
  expect(parseCaptions('WEBVTT\n\n00:61.000 --> 00:62.000\nx\n')).toEqual({ ok: false, message: 'Line 3: "00:61.000" is not a time (hh:mm:ss.mmm)' });
  expect(parseCaptions(`WEBVTT\n\n00:01.000 --> 00:02.000\n${'x'.repeat(1001)}\n`)).toEqual({ ok: false, message: "Line 3: the cue's text is longer than 1000 characters" });
  const many = `WEBVTT\n${Array.from({ length: CAPTION_MAX_CUES + 1 }, (_, i) => `\n${formatTimestamp(i)} --> ${formatTimestamp(i + 1)}\nw\n`).join('')}`;
  expect(parseCaptions(many)).toEqual({ ok: false, message: 'The file has more than 20,000 cues' });
  expect(parseCaptions('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:00:04,000\nb\u0000ad\n')).toEqual({ ok: false, message: 'Line 7: the file contains a NUL byte: it is not a text file (save it as UTF-8)' });
});

test('times, clocks and languages', () => {
  expect(parseTimestamp('1:02:03.4')).toBe(3723.4);
  expect(parseTimestamp('02:03,045')).toBe(123.045);
  expect(parseTimestamp('2:3.000')).toBeNull();
  expect(formatTimestamp(3723.4)).toBe('01:02:03.400');
  expect(formatTimestamp(1.0005, ',')).toBe('00:00:01,001');
  expect([clockTime(4.6), clockTime(90.25), clockTime(3725)]).toEqual(['0:04', '1:30', '1:02:05']);
  expect([canonicalLanguage('en-us'), canonicalLanguage('PT-br'), canonicalLanguage('zh-Hant-TW'), canonicalLanguage('english'), canonicalLanguage('e')]).toEqual(['en-US', 'pt-BR', 'zh-Hant-TW', null, null]);
  expect(languageLabel('de')).toBe('German');
});
