import { DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { type DownloadedFile, errorMessage } from '@reelbase/api-client';
import { Button } from 'antd';
import { useState } from 'react';
import { useAlert } from '../../services.tsx';

/** Hands a downloaded file to the browser (or the desktop shell) as a download under its server-given name. */
function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download: the object URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
