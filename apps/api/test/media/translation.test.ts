import { expect, test } from 'vitest';
import { apertiumPairs, buildApertiumArgs } from '../../src/media/translation/apertium.ts';
import { joinFragments, protectCue, restoreCue, splitFragments } from '../../src/media/translation/cue-markup.ts';
import { batches, pairTarget, targetsFrom } from '../../src/media/translation/engine.ts';
import { fromDeeplCode } from '../../src/media/translation/http-engine.ts';

/* The pure parts of caption translation: markup through an engine, the batch document, languages. */

test('WebVTT tags travel as placeholders and come back as written; the engine’s own markup is dropped; line breaks kept', () => {
  const cue = protectCue('<v Roger Bingham>Hello &amp; <c.yellow>welcome</c></v>\nto the <00:00:01.500>show');
  expect(cue.tags).toEqual(['<v Roger Bingham>', '<c.yellow>', '</c>', '</v>', '<00:00:01.500>']);
  expect(cue.html).not.toMatch(/<v |<c\.|<00/);
  // As an engine might answer: words moved, its own tags added, spacing changed.
  const answer = cue.html.replace('Hello', '<b>Hola</b>').replace('welcome', 'bienvenidos').replace('to the', ' al ').replace('show', 'espectáculo');
  expect(restoreCue(answer, cue.tags)).toBe('<v Roger Bingham>Hola &amp; <c.yellow>bienvenidos</c></v>\nal <00:00:01.500>espectáculo');
  expect(restoreCue('', [])).toBe('');
});

test('a batch document splits back by paragraph number; one lost paragraph fails the run', () => {
  const doc = joinFragments(['one', '', 'three']);
  expect(doc).toBe('<p id="c0">one</p>\n<p id="c1"></p>\n<p id="c2">three</p>\n');
  expect(splitFragments('<p id="c2"> tres</p><p id="c0">uno</p>\n<p id="c1"></p>', 3)).toEqual(['uno', '', ' tres']);
  expect(splitFragments('<p id="c0">uno</p><p id="c2">tres</p>', 3)).toBeNull();
  expect(batches(['aa', 'bb', 'cc', 'dd', 'e'], (s) => s.length, 3, 5)).toEqual([['aa', 'bb'], ['cc', 'dd', 'e']]);
  expect(batches(['toolong', 'a'], (s) => s.length, 50, 3)).toEqual([['toolong'], ['a']]);
});

test('Apertium’s modes as BCP 47 pairs; a track’s language finds its target; DeepL codes', () => {
  const pairs = apertiumPairs(['eng-spa.mode', 'spa-eng.mode', 'eng-cat_valencia.mode', 'en-gl.mode', 'README']);
  expect(pairs).toEqual([
    { source: 'en', target: 'es', mode: 'eng-spa' },
    { source: 'es', target: 'en', mode: 'spa-eng' },
    { source: 'en', target: 'gl', mode: 'en-gl' },
  ]);
  expect(buildApertiumArgs({ mode: 'eng-spa', input: '/w/in.html', output: '/w/out.html' })).toEqual(['-u', '-f', 'html', 'eng-spa', '/w/in.html', '/w/out.html']);
  expect(pairTarget(pairs, 'en-US', 'es-MX')).toBe('es');
  expect(pairTarget(pairs, 'es', 'en-GB')).toBe('en');
  expect(pairTarget(pairs, 'en', 'ja')).toBeNull();
  expect(pairTarget(pairs, 'en', 'en')).toBeNull();
  expect(targetsFrom(pairs, 'en-GB')).toEqual(['es', 'gl']);
  const deepl = [{ source: 'en', target: 'en-GB' }, { source: 'en', target: 'pt-BR' }, { source: 'en', target: 'pt-PT' }];
  expect(pairTarget(deepl, 'en', 'pt')).toBe('pt-BR');
  expect(pairTarget(deepl, 'en', 'pt-pt')).toBe('pt-PT');
  expect(fromDeeplCode('ZH-HANS')).toBe('zh-Hans');
  expect(fromDeeplCode('EN-GB')).toBe('en-GB');
});
