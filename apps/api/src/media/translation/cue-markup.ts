/*
 * Cue text to and from what a translation engine reads (pure). WebVTT cue text is text with
 * entities (&amp; &lt;) and tags (<i>, <v Speaker>, <c.yellow>, <00:01.000>); HTML engines would
 * rewrite tags they do not know (Apertium turns <v Roger> into <v roger="">), so every tag goes to
 * the engine as an empty placeholder element naming its index and comes back as it was. Line
 * breaks travel as <br>. Whatever markup an engine adds of its own is dropped.
 */

export interface ProtectedCue {
  /** The cue as an HTML fragment. */
  html: string;
  /** The cue's own tags, in order, as written. */
  tags: string[];
}

const TAG = /<[^>]*>/g;
const PLACEHOLDER = /<span data-t="(\d+)"\s*>\s*<\/span>/g;
const BREAK = /<br\s*\/?>/gi;
// Private-use characters no caption carries hold the restored tags while the engine's own markup is removed.
const HOLD = /\uE000(\d+)\uE001/g;

export function protectCue(text: string): ProtectedCue {
  const tags: string[] = [];
  const html = text
    .replace(TAG, (tag) => {
      tags.push(tag);
      return `<span data-t="${tags.length - 1}"></span>`;
    })
    .replace(/\r?\n/g, '<br>');
  return { html, tags };
}

/** The engine's translation of a protected cue back to WebVTT cue text, with the cue's own tags. */
export function restoreCue(html: string, tags: readonly string[]): string {
  return html
    .replace(PLACEHOLDER, (_, i: string) => (tags[Number(i)] === undefined ? '' : `\uE000${i}\uE001`))
    .replace(BREAK, '\n')
    .replace(TAG, '')
    .replace(HOLD, (_, i: string) => tags[Number(i)])
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Many fragments as one HTML document for one engine run: each a paragraph that names its index. */
export function joinFragments(fragments: readonly string[]): string {
  return fragments.map((f, i) => `<p id="c${i}">${f}</p>\n`).join('');
}

/** The fragments of a document made by joinFragments and translated; null when one went missing (the run is not trusted). */
export function splitFragments(document: string, count: number): string[] | null {
  const out: (string | undefined)[] = Array.from({ length: count });
  for (const m of document.matchAll(/<p id="c(\d+)">([\s\S]*?)<\/p>/g)) {
    const i = Number(m[1]);
    if (i < count) out[i] = m[2];
  }
  return out.every((f) => f !== undefined) ? (out as string[]) : null;
}
