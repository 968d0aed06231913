import { UploadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

interface Fields {
  language: string;
  label: string;
  isDefault: boolean;
  file: File | null;
}

/**
 * "Upload captions" on the Captions card: a WebVTT or SRT file with its language and label, sent
 * to POST /api/videos/{id}/captions. The server's 422 names what is wrong (a bad tag, the file's
 * line that does not parse) and shows at the field it is about.
 */
export function UploadCaptions({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>{t`Upload captions`}</Button>
      {open && <UploadCaptionsForm videoId={videoId} onClose={() => setOpen(false)} />}
    </>
  );
}

function UploadCaptionsForm({ videoId, onClose }: { videoId: string; onClose(): void }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(v: Fields) {
    if (!v.file) return;
    setBusy(true);
    setProblem(null);
    try {
      const track = await client.captions.upload(videoId, v.file, { language: v.language.trim(), label: v.label?.trim() || undefined, isDefault: v.isDefault });
      await queryClient.invalidateQueries({ queryKey: keys.captions(videoId) });
      alert('success', t`Captions "${track.label}" added.`);
      onClose();
    } catch (err) {
      // Field messages beside their fields; anything else (a limit, a refusal) above the buttons.
      if (!showServerFieldErrors(form, err)) setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Upload captions`} open onCancel={() => !busy && onClose()} footer={null} destroyOnHidden>
      <Form<Fields> form={form} layout="vertical" initialValues={{ language: '', label: '', isDefault: false, file: null }} onFinish={submit} requiredMark="optional">
        <Form.Item name="language" label={t`Language`} extra={t`A language tag such as en, de or pt-BR.`} rules={[{ required: true, whitespace: true, message: t`Give the captions' language.` }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="label" label={t`Label`} extra={t`What viewers see in the player's captions menu; the language's name when empty.`}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="file" label={t`Caption file (.vtt or .srt)`} rules={[{ required: true, message: t`Choose a WebVTT (.vtt) or SRT (.srt) file.` }]}>
          <CaptionFilePicker />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>{t`Show these captions by default`}</Checkbox>
        </Form.Item>
        {problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} />}
        <Flex gap={8} justify="end">
          <Button onClick={onClose} disabled={busy}>{t`Cancel`}</Button>
          {/* Disabled, not antd's loading state: an answer within the same frame (a 422 on a small file) left that state stuck on. */}
          <Button type="primary" htmlType="submit" disabled={busy}>{t`Upload`}</Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/** The form's file field: the platform's file picker (a browser dialog, the desktop's own), showing the chosen name. */
function CaptionFilePicker({ id, value, onChange }: { id?: string; value?: File | null; onChange?(file: File): void }) {
  const platform = usePlatform();
  async function choose() {
    const [picked] = await platform.pickFiles({ accept: '.vtt,.srt,text/vtt' });
    // Read once (caption files are small): a second try after a 422 sends the same bytes even if the file on disk moved.
    if (picked) onChange?.(new File([await picked.arrayBuffer()], picked.name, { type: picked.type }));
  }
  return (
    <Flex gap={8} align="center" wrap>
      <Button id={id} onClick={choose}>{t`Choose file`}</Button>
      <Typography.Text type="secondary" data-testid="caption-file-name">{value ? value.name : t`No file chosen`}</Typography.Text>
    </Flex>
  );
}
