import { t } from '@lingui/core/macro';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { formatTimeInput, parseTimeInput } from '../../../lib/time-input.ts';

/**
 * An hh:mm:ss entry: typing is free, the value is taken on blur or Enter (an invalid entry
 * resets to 0) and shown again in hh:mm:ss form.
 */
export function TimeField({ id, value, onChange, label }: { id: string; value: number; onChange(seconds: number): void; label: string }) {
  const [text, setText] = useState(formatTimeInput(value));
  useEffect(() => setText(formatTimeInput(value)), [value]);
  const commit = () => {
    const seconds = parseTimeInput(text);
    setText(formatTimeInput(seconds));
    onChange(seconds);
  };
  return <Input id={id} aria-label={label} placeholder={t`hh:mm:ss`} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onPressEnter={commit} inputMode="numeric" style={{ width: 120 }} />;
}
