import { t } from '@lingui/core/macro';
import { Radio, Typography } from 'antd';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/react.tsx';

/** The app's language on this browser: chosen here, else the browser's languages decide. */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <>
      <Typography.Paragraph id={id} type="secondary">
        {t`The app's language on this browser. Without a choice here, your browser's languages decide.`}
      </Typography.Paragraph>
      <Radio.Group
        aria-labelledby={id}
        value={locale}
        optionType="button"
        onChange={(e) => isLocale(e.target.value) && void setLocale(e.target.value)}
        options={LOCALES.map((value) => ({ value, label: <span lang={value}>{LOCALE_NAMES[value]}</span> }))}
      />
    </>
  );
}
