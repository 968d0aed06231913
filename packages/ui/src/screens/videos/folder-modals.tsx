import { t } from '@lingui/core/macro';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { errorMessage, FOLDER_NAME_MAX, FOLDER_NAME_TOO_LONG, type Folder, type FolderCrumb } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Empty, Form, Input, List, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';

/** Create folder (no `folder`) or rename one; `save` does the call and reports. */
export function FolderNameModal({ open, folder, onClose, save }: { open: boolean; folder?: Folder | null; onClose(): void; save(name: string): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  async function submit(v: { name: string }) {
    setBusy(true);
    try {
      await save(v.name.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={folder ? t`Rename folder` : t`Create folder`} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" name="folder" onFinish={submit} requiredMark={false} initialValues={{ name: folder?.name ?? '' }}>
        <Form.Item
          label={t`Folder name`}
          name="name"
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            { required: true, whitespace: true, message: t`Must NOT have fewer than 1 characters.` },
            // The API's limit, told while typing (a pasted long name is not cut off without a word).
            { max: FOLDER_NAME_MAX, message: FOLDER_NAME_TOO_LONG },
          ]}
        >
          <Input count={{ show: true, max: FOLDER_NAME_MAX }} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {folder ? t`Save` : t`Create`}
        </Button>
      </Form>
    </Modal>
  );
}

/**
 * "Select video folder": browses the tree from the top level, one level at a time, and answers
 * the folder shown (null: the top level). `exclude` (a folder being moved) cannot be entered.
 */
export function SelectFolderModal({
  open,
  title,
  okText,
  exclude,
  onClose,
  onSelect,
}: {
  open: boolean;
  title: string;
  okText: string;
  exclude?: string;
  onClose(): void;
  onSelect(folderId: string | null): Promise<void>;
}) {
  const client = useClient();
  const [at, setAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const level = useQuery({ queryKey: [...keys.folders, at, 'ASC'], queryFn: () => client.folders.list(at), enabled: open });
  const trail: FolderCrumb[] = level.data?.breadcrumbs ?? [];

  async function choose() {
    setBusy(true);
    try {
      await onSelect(at);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      afterClose={() => setAt(null)}
      okText={okText}
      onOk={choose}
      okButtonProps={{ loading: busy, disabled: at !== null && at === exclude }}
      destroyOnHidden
    >
      <Breadcrumb
        aria-label={t`Folder path in the chooser`}
        items={[
          { title: <Button type="link" size="small" icon={<HomeOutlined aria-hidden />} onClick={() => setAt(null)}>{t`My videos`}</Button> },
          ...trail.map((c) => ({ title: <Button type="link" size="small" onClick={() => setAt(c.id)}>{c.name}</Button> })),
        ]}
      />
      {level.isPending ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : level.isError ? (
        <Empty description={errorMessage(level.error)} />
      ) : (
        <List
          aria-label={t`Folders in the chooser`}
          locale={{ emptyText: <Typography.Text type="secondary">{t`No folders here`}</Typography.Text> }}
          dataSource={level.data.items}
          renderItem={(f) => (
            <List.Item key={f.id}>
              <Button type="text" icon={<FolderOutlined aria-hidden />} disabled={f.id === exclude} onClick={() => setAt(f.id)}>
                {f.name}
              </Button>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
