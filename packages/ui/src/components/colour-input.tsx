import { t } from '@lingui/core/macro';
import type { ColorScheme } from '@reelbase/api-client';
import { Flex } from 'antd';
import { useId } from 'react';

/** The player's three colours under the labels both colour editors show (a video's and the profile's defaults). */
export const PLAYER_COLOURS: { key: keyof Omit<ColorScheme, 'transparentCanvas'>; label: string }[] = [
  { key: 'playerCanvas', get label() { return t`Canvas`; } },
  { key: 'playerPlayButton', get label() { return t`Play button`; } },
  { key: 'playerControlBar', get label() { return t`Control bar`; } },
];

/** A native colour picker with its label. */
export function ColourInput({ label, value, disabled, onChange }: { label: string; value: string; disabled?: boolean; onChange(v: string): void }) {
  const id = useId();
  return (
    <Flex align="center" gap={8}>
      <input id={id} type="color" value={value.toLowerCase()} disabled={disabled} onChange={(e) => onChange(e.target.value)} style={{ width: 40, height: 32, padding: 2 }} />
      <label htmlFor={id}>{label}</label>
    </Flex>
  );
}
