import { plural, t } from '@lingui/core/macro';
import { DeleteOutlined, EditOutlined, FolderOutlined, MoreOutlined, SwapOutlined } from '@ant-design/icons';
import { errorMessage, type Folder, type FolderCrumb } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Empty, Modal, Select, theme } from 'antd';
import { type DragEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { FolderNameModal, SelectFolderModal } from './folder-modals.tsx';

/** The drag payload of video rows: their ids, as JSON. */
export const VIDEO_DRAG_TYPE = 'application/x-reelbase-videos';
export const folderHref = (id: string | null) => (id ? `/?folder=${encodeURIComponent(id)}` : '/');

/**
 * The folders of the open level, each opening in the URL, with rename, move and delete (for an
 * active profile); videos dragged onto a folder move into it.
 */
export function FolderPanel({
  folders,
  trail,
  loading,
  active,
  direction,
  onDirection,
  onVideosDropped,
}: {
  folders: Folder[];
  trail: FolderCrumb[];
  loading: boolean;
  active: boolean;
  direction: 'ASC' | 'DESC';
  onDirection(d: 'ASC' | 'DESC'): void;
  onVideosDropped(folderId: string, ids: string[]): void;
}) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const sortId = useId();
  const [action, setAction] = useState<{ kind: 'rename' | 'move' | 'delete'; folder: Folder } | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parentName = trail.at(-1)?.name ?? t`My videos`;

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.folders }), queryClient.invalidateQueries({ queryKey: keys.videos })]);
  async function run(call: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      alert('success', (await call()).message);
      setAction(null);
      await refresh();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const drop = (f: Folder) => (e: DragEvent) => {
    e.preventDefault();
    setDropOn(null);
    const ids = JSON.parse(e.dataTransfer.getData(VIDEO_DRAG_TYPE) || '[]') as string[];
    if (ids.length) onVideosDropped(f.id, ids);
  };

  return (
    <Card
      title={t`Folders`}
      size="small"
      extra={
        <>
          <label htmlFor={sortId} className="rb-sr-only">{t`Sort folders`}</label>
          <Select
            id={sortId}
            size="small"
            value={direction}
            onChange={onDirection}
            style={{ width: 70 }}
            options={[
              { value: 'ASC', label: t`A-z` },
              { value: 'DESC', label: t`Z-a` },
            ]}
          />
        </>
      }
      styles={{ body: { padding: 4 } }}
    >
      {!loading && folders.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No folders here`} />
      ) : (
        <ul aria-label={t`Folders`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {folders.map((f) => (
            <li
              key={f.id}
              data-testid="folder-row"
              onDragOver={(e) => {
                if (!active || !e.dataTransfer.types.includes(VIDEO_DRAG_TYPE)) return;
                e.preventDefault();
                setDropOn(f.id);
              }}
              onDragLeave={() => setDropOn(null)}
              onDrop={drop(f)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 4,
                borderRadius: token.borderRadius,
                background: dropOn === f.id ? token.colorPrimaryBg : undefined,
                outline: dropOn === f.id ? `1px dashed ${token.colorPrimary}` : undefined,
              }}
            >
              <Link to={folderHref(f.id)} style={{ flex: 1, minWidth: 0, padding: '6px 8px', display: 'flex', gap: 8, alignItems: 'center' }}>
                <FolderOutlined aria-hidden />
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.name}</span>
                <span style={{ marginInlineStart: 'auto', color: token.colorTextTertiary, fontSize: 12 }} title={plural(f.countVideo, { one: '# video in this folder', other: '# videos in this folder' })}>
                  {f.countVideo}
                </span>
              </Link>
              {active && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'rename', icon: <EditOutlined />, label: t`Rename` },
                      { key: 'move', icon: <SwapOutlined />, label: t`Move` },
                      { key: 'delete', icon: <DeleteOutlined />, label: t`Delete`, danger: true },
                    ],
                    onClick: ({ key }) => setAction({ kind: key as 'rename' | 'move' | 'delete', folder: f }),
                  }}
                >
                  <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t`Actions for folder ${f.name}`} />
                </Dropdown>
              )}
            </li>
          ))}
        </ul>
      )}
      <FolderNameModal
        open={action?.kind === 'rename'}
        folder={action?.folder}
        onClose={() => setAction(null)}
        save={(name) => run(() => client.folders.update((action as { folder: Folder }).folder.id, { name }))}
      />
      <SelectFolderModal
        open={action?.kind === 'move'}
        title={t`Move folder “${action?.folder.name ?? ''}”`}
        okText={t`Move here`}
        exclude={action?.folder.id}
        onClose={() => setAction(null)}
        onSelect={(parentId) => run(() => client.folders.update((action as { folder: Folder }).folder.id, { parentId }))}
      />
      <Modal
        title={t`Delete folder`}
        open={action?.kind === 'delete'}
        onCancel={() => setAction(null)}
        okText={t`Delete`}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => run(() => client.folders.remove((action as { folder: Folder }).folder.id))}
      >
        <p>{t`Delete the folder “${action?.folder.name ?? ''}”? Its videos and folders move to “${parentName}”.`}
        </p>
      </Modal>
    </Card>
  );
}
