import { t } from '@lingui/core/macro';
import { errorMessage, GENERATED_CAPTION_CHOICES } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useAlert, useClient } from '../../services.tsx';

const OFF = 'off';
const KEY = ['caption-settings'] as const;

/** Settings: generated captions for every new upload, in a language, or off. */
export function CaptionSettingsForm() {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const settings = useQuery({ queryKey: KEY, queryFn: () => client.captions.settings() });

  async function change(value: string) {
    try {
      const saved = await client.captions.updateSettings(value === OFF ? null : value);
      queryClient.setQueryData(KEY, saved);
      alert('success', saved.autoLanguage ? t`New uploads get generated captions.` : t`New uploads get no generated captions.`);
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{t`Captions made from the speech of each video you upload, which you can correct afterwards.`}</Typography.Paragraph>
      <Select
        aria-label={t`Generated captions for new uploads`}
        loading={settings.isPending}
        value={settings.data ? (settings.data.autoLanguage ?? OFF) : undefined}
        onChange={change}
        options={[{ value: OFF, label: t`Off` }, ...GENERATED_CAPTION_CHOICES]}
        style={{ minWidth: 240 }}
      />
    </>
  );
}
