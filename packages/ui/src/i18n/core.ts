// The Lingui instance every macro call uses (lingui.config.ts runtimeConfigModule), English from
// the start: a module that translates works even before the app activates a language (tests,
// helpers imported alone). `i18n` is made here, not re-exported: the package is marked free of
// side effects, and a bundler would take a plain re-export straight from @lingui/core.
import { i18n as lingui } from '@lingui/core';

function english() {
  if (!lingui.locale) lingui.loadAndActivate({ locale: 'en', messages: {} });
  return lingui;
}

export const i18n = english();
