import { t } from '@lingui/core/macro';
import { errorMessage, IMPORT_POLL_MS } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/** Import video from a link: progress polled every second until 100, then the list reloads. */
export function ImportModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [importId, setImportId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [form] = Form.useForm<{ url: string }>();

  const status = useQuery({
    queryKey: ['import', importId],
    queryFn: () => client.videos.importStatus(importId as string),
    enabled: !!importId,
    refetchInterval: (q) => (q.state.data && (q.state.data.progress >= 100 || q.state.data.error) ? false : IMPORT_POLL_MS),
  });
  const progress = status.data?.progress ?? 0;
  const failed = status.data?.error ?? (status.error ? errorMessage(status.error) : null);

  useEffect(() => {
    if (progress >= 100) {
      void queryClient.invalidateQueries({ queryKey: keys.videos });
      alert('success', t`Imported ${status.data?.name ?? 'the video'}.`);
    }
  }, [progress, queryClient, alert, status.data?.name]);

  async function start(v: { url: string }) {
    setStarting(true);
    try {
      const r = await client.videos.importUrl(v.url.trim());
      setImportId(r.id);
      void queryClient.invalidateQueries({ queryKey: keys.videos });
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  function close() {
    setImportId(null);
    form.resetFields();
    onClose();
  }

  return (
    <Modal title={t`Import video`} open={open} onCancel={close} footer={null} destroyOnHidden>
      {!importId ? (
        <Form form={form} layout="vertical" name="import" onFinish={start} requiredMark={false}>
          <Form.Item label={t`Video link`} name="url" rules={[{ required: true, message: t`Enter the link of the video.` }]} extra={t`A link to a video file or a video-sharing page.`}>
            <Input type="url" placeholder="https://" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={starting}>{t`Import`}</Button>
        </Form>
      ) : (
        <div>
          <Typography.Paragraph>{status.data?.name ? t`Importing ${status.data.name}` : t`Importing…`}</Typography.Paragraph>
          <Progress percent={progress} status={failed ? 'exception' : progress >= 100 ? 'success' : 'active'} aria-label={t`Import progress`} />
          {failed && <Alert type="error" showIcon title={failed} style={{ marginTop: 12 }} />}
          <Button style={{ marginTop: 16 }} type={progress >= 100 || failed ? 'primary' : 'default'} onClick={close}>
            {progress >= 100 || failed ? t`Close` : t`Continue in the background`}
          </Button>
        </div>
      )}
    </Modal>
  );
}
