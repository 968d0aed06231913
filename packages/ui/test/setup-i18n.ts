// Every test file starts with the app's Lingui instance in English, as the app does on load
// (src/i18n/core.ts), also when it imports a translated helper without the app around it.
import '../src/i18n/core.ts';
