// The Lingui instance every macro call uses (lingui.config.ts runtimeConfigModule), English from
// the start: a module that translates works even before the app activates a language (tests,
// helpers imported alone).
import { i18n } from '@lingui/core';

if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

export { i18n };
