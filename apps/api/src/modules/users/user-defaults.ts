import { DEFAULT_COLOR_SCHEME, FEATURE_FLAGS } from '@reelbase/api-client';

/** What a new account starts with: the spec's default colours and every known feature on. */
export function newUserDefaults() {
  return {
    colorScheme: { ...DEFAULT_COLOR_SCHEME },
    features: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])),
  };
}
