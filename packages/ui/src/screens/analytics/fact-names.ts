import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/index.ts';

/**
 * The statistics' own names for a viewer it could not place ("Unknown"), a rare device or browser
 * ("Other") and the device types, in the app's language; browser and country names pass as sent.
 */
const FACT_NAMES: Record<string, MessageDescriptor> = {
  Unknown: msg({ message: 'Unknown', context: 'viewer statistics' }),
  Other: msg({ message: 'Other', context: 'viewer statistics' }),
  Desktop: msg`Desktop`,
  Mobile: msg`Mobile`,
  Tablet: msg`Tablet`,
  'Smart TV': msg`Smart TV`,
  Console: msg`Console`,
  Wearable: msg`Wearable`,
  Embedded: msg`Embedded`,
};
export const factName = (name: string) => (Object.hasOwn(FACT_NAMES, name) ? i18n._(FACT_NAMES[name]) : name);
