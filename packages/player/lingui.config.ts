import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The player's catalogs (src/strings.ts explains them): keys as message ids, English in en.po.
// Only `lingui compile` runs here (no macros, nothing to extract): edit the .po files, then
// `pnpm i18n:compile` writes src/locales/{locale}.ts and src/locales/later/{locale}.ts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es'],
  // FIRST_STRINGS in locales/{locale}.po, LATER_STRINGS (the controls chunk's) in locales/later/{locale}.po.
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src/strings.ts'] },
    { path: '<rootDir>/src/locales/later/{locale}', include: ['<rootDir>/src/strings.ts'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
