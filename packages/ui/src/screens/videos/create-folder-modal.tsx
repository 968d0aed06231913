import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAlert, useClient } from '../../services.tsx';

export function CreateFolderModal({ open, onClose, parentId }: { open: boolean; onClose(): void; parentId: string | null }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function create(v: { name: string }) {
    setBusy(true);
    try {
      await client.folders.create(v.name.trim(), parentId);
      alert('success', 'Folder created successfully!');
      void queryClient.invalidateQueries({ queryKey: ['folders'] });
      onClose();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Create folder" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" name="folder" onFinish={create} requiredMark={false}>
        <Form.Item label="Folder name" name="name" rules={[{ required: true, whitespace: true, message: 'Must NOT have fewer than 1 characters.' }]}>
          <Input maxLength={255} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Create
        </Button>
      </Form>
    </Modal>
  );
}
