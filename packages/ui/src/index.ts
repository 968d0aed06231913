export { AppProviders, AppRoutes, ReelbaseApp } from './app.tsx';
export { decideAccess, type GateDecision, type GateInput, homeFor } from './lib/access-gate.ts';
export { heightForWidth, resizeEmbed, widthForHeight } from './lib/embed-size.ts';
export { pickFiles } from './lib/file-input.ts';
export { formatDate, formatMegabytes, isValidRedirect } from './lib/format.ts';
export {
  authorizationUrl,
  CALLBACK_PATH,
  type CallbackMessage,
  isCallbackMessage,
  newSocialRequest,
  PROVIDER_NAMES,
  type ProviderSettings,
  readCallback,
  type SocialProvider,
} from './lib/social-sign-in.ts';
export { formatTimeInput, parseTimeInput } from './lib/time-input.ts';
export type { PickFilesOptions, Platform } from './platform.ts';
export { createServices, type Services } from './services.tsx';
