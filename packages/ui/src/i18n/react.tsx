import { createContext, Fragment, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { chooseLocale, currentLocale, i18n, type Locale } from './index.ts';

type LocaleState = { locale: Locale; setLocale: (locale: Locale) => Promise<void> };

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language, re-rendering on a switch. */
export function useActiveLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: chooseLocale });

/** The active language and the switch (settings): `setLocale` loads, stores and activates a language. */
export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

/**
 * Provides the language switch. On a switch the children are mounted
 * anew (keyed by the language), so every `t` call renders in the new language; queries, atoms and
 * the router's location live above and survive it.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useActiveLocale();
  const value = useMemo(() => ({ locale, setLocale: chooseLocale }), [locale]);
  return (
    <LocaleContext.Provider value={value}>
      <Fragment key={locale}>{children}</Fragment>
    </LocaleContext.Provider>
  );
}
