import { DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { type DownloadedFile, errorMessage } from '@reelbase/api-client';
import { Button } from 'antd';
import { useState } from 'react';
import { saveFile } from '../../lib/save-file.ts';
import { useAlert } from '../../services.tsx';

/**
 * "Download CSV" beside a chart or a table: the same figures for the chosen date range, as a file.
 * `of` names what it downloads ("Download CSV of Devices"): for screen readers, and on the button
 * itself when `spelled` (a button that stands beside no chart of its own).
 */
export function CsvButton({ of, download, testId, spelled }: { of: string; download: () => Promise<DownloadedFile>; testId?: string; spelled?: boolean }) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const named = t`Download CSV of ${of}`;
  return (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden />}
      loading={busy}
      aria-label={spelled ? undefined : named}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          saveFile(await download());
        } catch (err) {
          alert('error', errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {spelled ? named : t`Download CSV`}
    </Button>
  );
}
