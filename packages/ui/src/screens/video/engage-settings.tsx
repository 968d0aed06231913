import { t } from '@lingui/core/macro';
import { LEAD_TEXT_MAX, type PlayerConfig } from '@reelbase/api-client';
import { Flex, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';

type LeadForm = PlayerConfig['leadForm'];
type CallToAction = PlayerConfig['callToAction'];
export interface EngageChanges {
  leadForm?: Partial<LeadForm>;
  callToAction?: Partial<CallToAction>;
}
interface Props {
  config: PlayerConfig;
  disabled: boolean;
  change: (changes: EngageChanges) => void;
}

const DEFAULT_CONSENT = 'I agree to receive emails about this.';

/** A text field saved when it loses focus (not on every key), showing the saved value until then. */
function TextSetting({ label, value, max, disabled, onSave, placeholder }: { label: string; value: string; max: number; disabled: boolean; onSave: (v: string) => void; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        value={text}
        maxLength={max}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() !== value && text.trim() && onSave(text.trim())}
        onPressEnter={(e) => e.currentTarget.blur()}
      />
    </Flex>
  );
}

function SwitchSetting({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <Flex align="center" gap={8}>
      <Switch checked={checked} disabled={disabled} aria-label={label} onChange={onChange} />
      <span>{label}</span>
    </Flex>
  );
}

/** When: a fixed moment, or a chosen second (the seconds field appears for it). */
function WhenSetting<T extends string>({ label, value, options, atSec, disabled, onWhen, onSec }: { label: string; value: T; options: { value: T; label: string }[]; atSec: number; disabled: boolean; onWhen: (v: T) => void; onSec: (s: number) => void }) {
  const id = useId();
  const secId = useId();
  return (
    <Flex vertical gap={4}>
      <span id={id}>{label}</span>
      <Flex align="center" gap={12} wrap>
        <Radio.Group aria-labelledby={id} value={value} disabled={disabled} options={options} onChange={(e) => onWhen(e.target.value)} />
        {value === 'atSecond' && (
          <Flex align="center" gap={6}>
            <label htmlFor={secId}>{t`Second`}</label>
            <InputNumber id={secId} min={0} max={86_400} value={atSec} disabled={disabled} onBlur={(e) => onSec(Math.max(0, Number(e.target.value) || 0))} style={{ width: 100 }} />
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}

/** "Lead capture" (issue 27): the email form in the player. */
export function LeadCaptureSettings({ config, disabled, change }: Props) {
  const f = config.leadForm;
  const set = (leadForm: Partial<LeadForm>) => change({ leadForm });
  return (
    <Flex vertical gap={10}>
      <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>{t`Lead capture`}</Typography.Title>
      <SwitchSetting label={t`Ask viewers for their email`} checked={f.enabled} disabled={disabled} onChange={(enabled) => set({ enabled })} />
      <WhenSetting
        label={t`Show the form`}
        value={f.when}
        atSec={f.atSec}
        disabled={disabled}
        options={[
          { value: 'beforePlay', label: t`before play` },
          { value: 'atSecond', label: t`at a second` },
        ]}
        onWhen={(when) => set({ when })}
        onSec={(atSec) => atSec !== f.atSec && set({ atSec })}
      />
      <SwitchSetting label={t`Required (no Skip button)`} checked={f.required} disabled={disabled} onChange={(required) => set({ required })} />
      <TextSetting label={t`Heading`} value={f.heading} max={LEAD_TEXT_MAX.heading} disabled={disabled} onSave={(heading) => set({ heading })} />
      <TextSetting label={t`Form button text`} value={f.buttonText} max={LEAD_TEXT_MAX.buttonText} disabled={disabled} onSave={(buttonText) => set({ buttonText })} />
      <SwitchSetting label={t`Name field`} checked={f.nameField} disabled={disabled} onChange={(nameField) => set({ nameField })} />
      <SwitchSetting label={t`Consent checkbox`} checked={f.consentText !== null} disabled={disabled} onChange={(on) => set({ consentText: on ? DEFAULT_CONSENT : null })} />
      {f.consentText !== null && <TextSetting label={t`Consent text`} value={f.consentText} max={LEAD_TEXT_MAX.consentText} disabled={disabled} onSave={(consentText) => set({ consentText })} />}
    </Flex>
  );
}

/** "Call to action" (issue 27): the overlay with a link at the end or a chosen second. */
export function CallToActionSettings({ config, disabled, change }: Props) {
  const c = config.callToAction;
  const set = (callToAction: Partial<CallToAction>) => change({ callToAction });
  return (
    <Flex vertical gap={10}>
      <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>{t`Call to action`}</Typography.Title>
      <TextSetting label={t`Link (http:// or https://)`} value={c.url} max={2048} disabled={disabled} placeholder="https://" onSave={(url) => set({ url })} />
      <SwitchSetting label={t`Show a call to action`} checked={c.enabled} disabled={disabled || !c.url} onChange={(enabled) => set({ enabled })} />
      <WhenSetting
        label={t`Show it`}
        value={c.when}
        atSec={c.atSec}
        disabled={disabled}
        options={[
          { value: 'end', label: t`at the end` },
          { value: 'atSecond', label: t`at a second` },
        ]}
        onWhen={(when) => set({ when })}
        onSec={(atSec) => atSec !== c.atSec && set({ atSec })}
      />
      <TextSetting label={t`Text`} value={c.text} max={LEAD_TEXT_MAX.ctaText} disabled={disabled} onSave={(text) => set({ text })} />
      <TextSetting label={t`Call to action button text`} value={c.buttonText} max={LEAD_TEXT_MAX.buttonText} disabled={disabled} onSave={(buttonText) => set({ buttonText })} />
      <SwitchSetting label={t`Open the link in a new window`} checked={c.newWindow} disabled={disabled} onChange={(newWindow) => set({ newWindow })} />
    </Flex>
  );
}
