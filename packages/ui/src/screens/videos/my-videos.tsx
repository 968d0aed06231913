import { plural, t } from '@lingui/core/macro';
import { ClockCircleOutlined, CloudUploadOutlined, CopyOutlined, EditOutlined, FolderAddOutlined, FolderOutlined, HomeOutlined, LinkOutlined, MoreOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { clockTime, DEFAULT_VISIBILITIES, editBlockedReason, errorMessage, MOBILE_SEE_MORE_STEP, type Video, type VideoBulkRequest, VIDEO_PAGE_SIZES } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Checkbox, Dropdown, Empty, Flex, Grid, Modal, Pagination, Result, Select, Skeleton, Tag, theme, Typography } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatDuration, formatMegabytes, videoCount } from '../../lib/format.ts';
import { visibilityLabel } from '../privacy/privacy-panel.tsx';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { initialVideoListState, videoListAtom } from '../../state/atoms.ts';
import { selectAllState, toggleAll, toggleId } from '../../state/selection.ts';
import { visibilityOptions } from '../privacy/privacy-panel.tsx';
import { useCan, useTeamActive } from '../teams/use-team.ts';
import { useCopyVideo } from '../video/use-copy-video.ts';
import { FolderNameModal, SelectFolderModal } from './folder-modals.tsx';
import { FolderPanel, folderHref, VIDEO_DRAG_TYPE } from './folder-panel.tsx';
import { TagLinks } from '../details/details-card.tsx';
import { TagFilter, useTagFilter } from '../details/tag-filter.tsx';
import { ImportModal } from './import-modal.tsx';
import { PreviewModal } from './preview-modal.tsx';
import { UploadModal } from './upload-modal.tsx';
import { isSettling, VideoStatus } from './video-status.tsx';

function VideoRow({
  video,
  selected,
  onToggle,
  canEdit,
  dragIds,
  onPreview,
  onCopy,
  showFolder,
}: { video: Video; selected: boolean; onToggle(): void; canEdit: boolean; dragIds(): string[]; onPreview(): void; onCopy(): void; showFolder: boolean }) {
  const nameId = useId();
  const { token } = theme.useToken();
  const duration = formatDuration(video.metadata.durationSec);
  const copyBlocked = video.processing.stage === 'ready' ? null : editBlockedReason(video);
  return (
    <li
      className="rb-video-row"
      data-testid="video-row"
      draggable={canEdit}
      onDragStart={(e) => {
        e.dataTransfer.setData(VIDEO_DRAG_TYPE, JSON.stringify(dragIds()));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <Checkbox checked={selected} onChange={onToggle} aria-labelledby={nameId} />
      {/* The thumbnail and the title open the video; the thumbnail is a second way there, so it is hidden from the tab order. */}
      <Link to={`/${video.id}`} tabIndex={-1} aria-hidden data-testid="video-thumb-link" style={{ display: 'block' }}>
        {video.imageUrl ? (
          <img className="rb-thumb" src={video.imageUrl} alt="" />
        ) : (
          <div className="rb-thumb" style={{ display: 'grid', placeItems: 'center', color: token.colorTextTertiary }}>
            <VideoCameraOutlined aria-hidden />
          </div>
        )}
      </Link>
      <div style={{ minWidth: 0 }}>
        <Link id={nameId} to={`/${video.id}`} style={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'inherit' }}>
          {video.name}
        </Link>
        <Flex gap={12} wrap style={{ color: token.colorTextSecondary, fontSize: 13, margin: '2px 0 6px' }}>
          <span>{formatDate(video.createdAt)}</span>
          {duration && (
            <span data-testid="video-duration">
              <ClockCircleOutlined aria-hidden /> <span className="rb-sr-only">{t`Length`}{' '}</span>
              {duration}
            </span>
          )}
          <span>{formatMegabytes(video.size)}</span>
          {/* In a team, who brought the video in. */}
          {video.uploadedBy && <span data-testid="video-uploaded-by">{t`by`}{' '}{video.uploadedBy.name}</span>}
          {showFolder && (
            <span data-testid="video-folder">
              <FolderOutlined aria-hidden /> {video.folderName && video.folderId ? <Link to={folderHref(video.folderId)}>{video.folderName}</Link> : t`My videos (top level)`}
            </span>
          )}
        </Flex>
        <Flex gap={8} align="center" wrap>
          <VideoStatus video={video} />
          {video.visibility !== 'public' && (
            <Tag data-testid="video-visibility" style={{ marginInlineEnd: 0 }}>
              {visibilityLabel(video.visibility)}
            </Tag>
          )}
        </Flex>
        <TagLinks tags={video.tags} />
        {/* A search's hits in what is said: the line and its time, opening the video there. */}
        {!!video.matches?.length && (
          <ul className="rb-matches" aria-label={t`Said in ${video.name}`} data-testid="video-matches">
            {video.matches.map((m) => (
              <li key={`${m.startSec}:${m.text}`}>
                <Link to={`/${video.id}?t=${m.startSec}`}>
                  <span className="rb-match-time">{clockTime(m.startSec)}</span>“{m.text}”
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Flex className="rb-row-actions" align="center" gap={8}>
        {canEdit && (
          <Link to={`/${video.id}`} aria-describedby={nameId}>
            <EditOutlined aria-hidden />{' '}{t`Edit`}</Link>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'preview', icon: <PlayCircleOutlined />, label: t`Preview`, disabled: !video.hlsSource && !video.videoSource },
              ...(canEdit ? [{ key: 'copy', icon: <CopyOutlined />, label: copyBlocked ? t`Copy (${copyBlocked})` : t`Copy`, disabled: !!copyBlocked }] : []),
            ],
            onClick: ({ key }) => (key === 'preview' ? onPreview() : onCopy()),
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t`Actions for video ${video.name}`} />
        </Dropdown>
      </Flex>
    </li>
  );
}

/**
 * My videos: the open folder (in the URL as ?folder=) with its breadcrumbs and subfolders beside
 * its videos; sort by date, select-all on the page, pagination (5/10/100), bulk move and delete in
 * one call each, upload (into the open folder) and import. The top bar's search covers every
 * folder from the top level, and only the open folder inside one.
 */
export function MyVideosPage() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  // Uploading, organising and deleting need an active account and a role that edits (a viewer only watches).
  const canEdit = useCan('edit');
  const active = useTeamActive() && canEdit;
  const [list, setList] = useAtom(videoListAtom);
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [modal, setModal] = useState<'upload' | 'import' | 'folder' | 'delete' | 'move' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [previewing, setPreviewing] = useState<Video | null>(null);
  const { copy } = useCopyVideo();
  const [folderDirection, setFolderDirection] = useState<'ASC' | 'DESC'>('ASC');
  const sortId = useId();
  const sizeId = useId();
  const [searchParams] = useSearchParams();
  const folderId = searchParams.get('folder');
  const [tag, setTag] = useTagFilter();

  // Another folder starts on its first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs because the open folder changed (also by the back button).
  useEffect(() => {
    setList((s) => ({ ...s, page: 1, selectedIds: [], mobileCount: initialVideoListState.mobileCount }));
  }, [folderId, setList]);

  const level = useQuery({
    queryKey: [...keys.folders, folderId, folderDirection],
    queryFn: () => client.folders.list(folderId, folderDirection),
    placeholderData: keepPreviousData,
  });
  const trail = level.data?.breadcrumbs ?? [];

  const params = {
    limit: mobile ? list.mobileCount : list.limit,
    page: mobile ? 1 : list.page,
    direction: list.direction,
    field: list.field,
    search: list.search || undefined,
    tag: tag ?? undefined,
    // A search (or a tag) from the top level covers every folder; otherwise the open level only.
    folderId: (list.search || tag) && !folderId ? undefined : folderId,
  };
  const videos = useQuery({
    queryKey: [...keys.videos, params],
    queryFn: () => client.videos.list(params),
    placeholderData: keepPreviousData,
    // While any video is still changing (processing, its quality levels, a trim, a watermark) the list is
    // polled, so thumbnails, lengths and states appear without a reload.
    refetchInterval: (q) => (q.state.data?.items.some(isSettling) ? 2000 : false),
  });
  const items = videos.data?.items ?? [];
  const meta = videos.data?.meta;
  const pageIds = items.map((v) => v.id);
  const all = selectAllState(list.selectedIds, pageIds);

  /** One call for the whole selection; then the list reloads and the selection clears. */
  async function bulk(input: VideoBulkRequest) {
    try {
      const r = await client.videos.bulk(input);
      alert('success', r.message);
      setModal(null);
      setList((s) => ({ ...s, selectedIds: [] }));
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.videos }), queryClient.invalidateQueries({ queryKey: keys.folders })]);
    }
  }
  async function deleteSelected() {
    setDeleting(true);
    await bulk({ action: 'delete', ids: list.selectedIds });
    setDeleting(false);
  }
  async function createFolder(name: string) {
    try {
      alert('success', (await client.folders.create(name, folderId)).message);
      setModal(null);
      await queryClient.invalidateQueries({ queryKey: keys.folders });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  if (level.isError && (level.error as { status?: number }).status === 404) {
    return <Result status="404" title={t`Folder not found`} extra={<Link to="/">{t`Back to My videos`}</Link>} />;
  }

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>{t`My videos`}</Typography.Title>
        {active && (
          <Flex gap={8} wrap>
            <Button type="primary" icon={<CloudUploadOutlined aria-hidden />} onClick={() => setModal('upload')}>{t`Upload video`}</Button>
            <Button icon={<LinkOutlined aria-hidden />} onClick={() => setModal('import')}>{t`Import video`}</Button>
            <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => setModal('folder')}>{t`Create folder`}</Button>
          </Flex>
        )}
      </Flex>
      <div style={{ marginBottom: 12 }}>
        <Breadcrumb
          aria-label={t`Breadcrumbs`}
          items={[
            { title: folderId ? <Link to="/"><HomeOutlined aria-hidden />{' '}{t`My videos`}</Link> : <span><HomeOutlined aria-hidden />{' '}{t`My videos`}</span> },
            ...trail.map((c, i) => ({ title: i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : <Link to={folderHref(c.id)}>{c.name}</Link> })),
          ]}
        />
      </div>
      {list.search && (
        <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          {/* A long term (up to the contract's 255 characters, maybe one word) wraps, at most two lines, instead of widening the page. */}
          <span
            data-testid="search-results-for"
            title={list.search}
            style={{ minWidth: 0, flex: '1 1 240px', overflowWrap: 'anywhere', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' }}
          >
            {folderId ? t`Results for “${list.search}” in “${trail.at(-1)?.name ?? ''}”` : t`Results for “${list.search}” in all folders`}
          </span>
          <Button size="small" onClick={() => setList((s) => ({ ...s, search: '', page: 1 }))}>{t`Clear search`}</Button>
        </Flex>
      )}
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: mobile ? '1fr' : '240px minmax(0, 1fr)', alignItems: 'start' }}>
      <FolderPanel
        folders={level.data?.items ?? []}
        trail={trail}
        loading={level.isPending}
        active={active}
        direction={folderDirection}
        onDirection={setFolderDirection}
        onVideosDropped={(target, ids) => void bulk({ action: 'addToFolder', folderId: target, ids })}
      />
      <div>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: 12, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <Flex align="center" gap={16} wrap>
            <Checkbox
              checked={all === 'all'}
              indeterminate={all === 'some'}
              disabled={items.length === 0}
              onChange={() => setList((s) => ({ ...s, selectedIds: toggleAll(s.selectedIds, pageIds) }))}
            >{t`Select all`}</Checkbox>
            {active && (
              <>
                <Button disabled={list.selectedIds.length === 0} onClick={() => setModal('move')}>{t`Move to folder`}{list.selectedIds.length ? ` (${list.selectedIds.length})` : ''}
                </Button>
                <Dropdown
                  disabled={list.selectedIds.length === 0}
                  trigger={['click']}
                  menu={{
                    items: visibilityOptions(DEFAULT_VISIBILITIES).map((o) => ({ key: o.value, label: o.label })),
                    onClick: ({ key }) => void bulk({ action: 'setVisibility', visibility: key as (typeof DEFAULT_VISIBILITIES)[number], ids: list.selectedIds }),
                  }}
                >
                  <Button>{t`Set visibility`}{list.selectedIds.length ? ` (${list.selectedIds.length})` : ''}</Button>
                </Dropdown>
                <Button danger disabled={list.selectedIds.length === 0} onClick={() => setModal('delete')}>{t`Delete`}{list.selectedIds.length ? ` (${list.selectedIds.length})` : ''}
                </Button>
              </>
            )}
          </Flex>
          <Flex align="center" gap={8} wrap>
            <TagFilter tag={tag} onChange={setTag} />
            <label htmlFor={sortId}>{t`Sort by date`}</label>
            <Select
              id={sortId}
              value={list.direction}
              style={{ width: 150 }}
              onChange={(direction) => setList((s) => ({ ...s, direction, page: 1, selectedIds: [] }))}
              options={[
                { value: 'ASC', label: t`Oldest first` },
                { value: 'DESC', label: t`Newest first` },
              ]}
            />
          </Flex>
        </Flex>
        {videos.isPending ? (
          <div style={{ padding: 16 }}>
            <Skeleton active />
          </div>
        ) : videos.isError ? (
          <Empty style={{ padding: 32 }} description={errorMessage(videos.error)} />
        ) : items.length === 0 ? (
          <Empty style={{ padding: 32 }} description={list.search || tag ? t`No videos match your search.` : folderId ? t`No videos in this folder.` : t`No videos yet. Upload your first one.`} />
        ) : (
          <ul aria-label={t`Videos`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((v) => (
              <VideoRow
                key={v.id}
                video={v}
                canEdit={active}
                selected={list.selectedIds.includes(v.id)}
                onToggle={() => setList((s) => ({ ...s, selectedIds: toggleId(s.selectedIds, v.id) }))}
                // Dragging a selected row carries the whole selection.
                dragIds={() => (list.selectedIds.includes(v.id) ? list.selectedIds : [v.id])}
                onPreview={() => setPreviewing(v)}
                onCopy={() => void copy(v)}
                // A search from the top level covers every folder: each result says where it is.
                showFolder={!!(list.search || tag) && !folderId}
              />
            ))}
          </ul>
        )}
      </Card>
      {meta && meta.totalItems > 0 && (
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 16 }}>
          {mobile ? (
            meta.hasNextPage && (
              <Button block onClick={() => setList((s) => ({ ...s, mobileCount: s.mobileCount + MOBILE_SEE_MORE_STEP }))}>{t`See more`}</Button>
            )
          ) : (
            <>
              <Flex align="center" gap={8}>
                <label htmlFor={sizeId}>{t`Rows per page`}</label>
                <Select
                  id={sizeId}
                  value={list.limit}
                  style={{ width: 90 }}
                  onChange={(limit) => setList((s) => ({ ...s, limit, page: 1, selectedIds: [] }))}
                  options={VIDEO_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
                />
              </Flex>
              <Pagination
                current={meta.currentPage}
                pageSize={list.limit}
                total={meta.totalItems}
                showSizeChanger={false}
                onChange={(page) => setList((s) => ({ ...s, page, selectedIds: [] }))}
                showTotal={(total) => videoCount(total)}
              />
            </>
          )}
        </Flex>
      )}
      </div>
      </div>
      <UploadModal open={modal === 'upload'} onClose={() => setModal(null)} folderId={folderId} />
      <ImportModal open={modal === 'import'} onClose={() => setModal(null)} />
      <PreviewModal video={previewing} onClose={() => setPreviewing(null)} />
      <FolderNameModal open={modal === 'folder'} onClose={() => setModal(null)} save={createFolder} />
      <SelectFolderModal
        open={modal === 'move'}
        title={t`Select video folder`}
        okText={t`Move here`}
        onClose={() => setModal(null)}
        onSelect={(target) => bulk({ action: 'addToFolder', folderId: target, ids: list.selectedIds })}
      />
      <Modal
        title={t`Delete videos`}
        open={modal === 'delete'}
        onCancel={() => setModal(null)}
        okText={t`Delete`}
        okButtonProps={{ danger: true, loading: deleting }}
        onOk={deleteSelected}
      >
        <p>{plural(list.selectedIds.length, { one: 'Are you sure you want to permanently delete this video? This cannot be undone.', other: 'Are you sure you want to permanently delete these # videos? This cannot be undone.' })}</p>
      </Modal>
    </>
  );
}
