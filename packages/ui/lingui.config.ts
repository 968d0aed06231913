import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The app's message catalogs (see src/i18n/README.md): English is the source language and is built
// into the code (the messages stay at their call sites); German and Spanish are compiled next to
// their .po files ({locale}.ts) and load as a chunk of their own when chosen.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es'],
  // One catalog per screen area (screens/{name}/locales), so engineers translating different areas
  // never edit the same file, and one for everything outside the screen areas (layout, components,
  // lib, app.tsx, screens/*.tsx). At run time a language's catalogs load together as one chunk.
  catalogs: [
    { path: '<rootDir>/src/screens/{name}/locales/{locale}', include: ['<rootDir>/src/screens/{name}/'] },
    { path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'], exclude: ['<rootDir>/src/screens/*/**'] },
  ],
  // i18n from src/i18n/core.ts (English active from the start); <Trans> and useLingui from the
  // app's own small runtime (src/i18n/trans.tsx), not @lingui/react.
  runtimeConfigModule: { i18n: ['#i18n/core', 'i18n'], Trans: ['#i18n/trans', 'Trans'], useLingui: ['#i18n/trans', 'useLingui'] },
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
  orderBy: 'messageId',
});
