/// <reference path="./inline-css.d.ts" />
// A lazy chunk's own styles: the main stylesheet carries only what the first frame needs, and each
// chunk (captions, controls, chapters, storyboard, lead form, call to action) brings the rest. A
// constructed stylesheet, adopted by the player's document once (a second player on the page finds
// it there): the embed and share pages' CSP (`style-src 'self'`) refuses an inline <style> but not
// this (checked in Chromium, and by the browser tests that see these styles applied).
export function adoptStyle(doc: Document, css: string): void {
  const win = doc.defaultView;
  if (!win || doc.adoptedStyleSheets.some((s) => (s as { rb?: string }).rb === css)) return;
  const sheet = Object.assign(new win.CSSStyleSheet(), { rb: css });
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
