import { UploadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

interface Fields {
  language: string;
  label: string;
  file: File | null;
}

/**
 * "Add audio track" on the Audio tracks card: an audio or video file (its first audio stream) with
 * its language and label, sent to POST /api/videos/{id}/audio-tracks. A file whose length is off
 * by more than a second is refused at once (422, both lengths shown at the file field).
 */
export function UploadAudioTrack({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>{t`Add audio track`}</Button>
      {open && <UploadForm videoId={videoId} onClose={() => setOpen(false)} />}
    </>
  );
}

function UploadForm({ videoId, onClose }: { videoId: string; onClose(): void }) {
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
      const track = await client.audioTracks.upload(videoId, v.file, { language: v.language.trim(), label: v.label?.trim() || undefined });
      await queryClient.invalidateQueries({ queryKey: keys.audioTracks(videoId) });
      alert('success', t`Audio track "${track.label}" added. It is being encoded.`);
      onClose();
    } catch (err) {
      if (!showServerFieldErrors(form, err)) setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Add audio track`} open onCancel={() => !busy && onClose()} footer={null} destroyOnHidden>
      <Form<Fields> form={form} layout="vertical" initialValues={{ language: '', label: '', file: null }} onFinish={submit} requiredMark="optional">
        <Form.Item name="language" label={t`Language`} extra={t`A language tag such as en, de or pt-BR.`} rules={[{ required: true, whitespace: true, message: t`Give the track's language.` }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="label" label={t`Label`} extra={t`What viewers see in the player's audio menu, e.g. "Español" or "English (described)"; the language's name when empty.`}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="file" label={t`Audio or video file`} extra={t`As long as the video (within a second).`} rules={[{ required: true, message: t`Choose an audio or video file.` }]}>
          <AudioFilePicker />
        </Form.Item>
        {problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} />}
        <Flex gap={8} justify="end">
          <Button onClick={onClose} disabled={busy}>{t`Cancel`}</Button>
          <Button type="primary" htmlType="submit" disabled={busy}>{t`Upload`}</Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/** The form's file field: the platform's file picker, showing the chosen name. */
function AudioFilePicker({ id, value, onChange }: { id?: string; value?: File | null; onChange?(file: File): void }) {
  const platform = usePlatform();
  async function choose() {
    const [picked] = await platform.pickFiles({ accept: 'audio/*,video/*' });
    if (picked) onChange?.(picked);
  }
  return (
    <Flex gap={8} align="center" wrap>
      <Button id={id} onClick={choose}>{t`Choose file`}</Button>
      <Typography.Text type="secondary" data-testid="audio-file-name">{value ? value.name : t`No file chosen`}</Typography.Text>
    </Flex>
  );
}
