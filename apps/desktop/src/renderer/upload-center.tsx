import { CloudUploadOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Drawer, FloatButton, List, Modal, Progress, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { DesktopBridge } from '../preload/bridge.ts';
import type { PickedVideo } from '../shared/ipc.ts';
import type { QueueItemView, QueueSnapshot } from '../shared/queue.ts';
import { videoPageUrl } from './desktop-platform.ts';

const STATUS: Record<QueueItemView['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  retrying: 'Retrying',
  paused: 'Paused',
  done: 'Uploaded',
  skipped: 'Already uploaded',
  failed: 'Failed',
};

/**
 * The desktop's bulk uploads: a folder (picked or dropped on the window) or trimmed files go to
 * the main process's queue; this shows its progress per file and in total, with pause, resume
 * and cancel, and opens finished videos in the browser.
 */
export function UploadCenter({ bridge, apiBaseUrl }: { bridge: DesktopBridge; apiBaseUrl: string }) {
  const [open, setOpen] = useState(false);
  const [snap, setSnap] = useState<QueueSnapshot | null>(null);
  const [picked, setPicked] = useState<PickedVideo[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [mirror, setMirror] = useState(true);
  const u = bridge.uploads;

  useEffect(() => {
    void u.snapshot().then(setSnap);
    return u.onChange(setSnap);
  }, [u]);

  // A folder (or files) dropped anywhere on the window joins the queue.
  useEffect(() => {
    const over = (e: DragEvent) => e.preventDefault();
    const drop = (e: DragEvent) => {
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (!files.length) return;
      e.preventDefault();
      e.stopPropagation();
      void u.addDropped(files, mirror).then((added) => {
        setNotice(added.map((a) => `${a.folder}: ${a.videos} videos queued${a.skipped ? `, ${a.skipped} other files left out` : ''}`).join('. ') || 'Queued.');
        setOpen(true);
      });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop, true);
    };
  }, [u, mirror]);

  const chooseFolder = async () => {
    const added = await u.chooseFolder(mirror);
    if (added) setNotice(`${added.folder}: ${added.videos} videos queued${added.skipped ? `, ${added.skipped} other files left out` : ''}`);
  };

  const pending = snap?.pending ?? 0;
  return (
    <>
      <FloatButton icon={<CloudUploadOutlined />} tooltip="Uploads" badge={{ count: pending }} onClick={() => setOpen(true)} aria-label="Uploads" />
      <Drawer title="Uploads" open={open} onClose={() => setOpen(false)} size={480}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={chooseFolder}>
            Upload a folder
          </Button>
          <Button onClick={async () => setPicked(await u.chooseFiles())}>Trim and upload files</Button>
          <Checkbox checked={mirror} onChange={(e) => setMirror(e.target.checked)}>
            Keep subfolders as folders
          </Checkbox>
        </Space>
        {notice && <Typography.Paragraph type="secondary">{notice}</Typography.Paragraph>}
        {snap && snap.items.length > 0 && (
          <>
            <Typography.Text>
              Total <Badge count={pending} showZero color="blue" />
            </Typography.Text>
            <Progress percent={snap.total.percent} aria-label="Total progress" />
            <Space style={{ margin: '8px 0' }}>
              <Button size="small" onClick={() => void u.pause()}>
                Pause all
              </Button>
              <Button size="small" onClick={() => void u.resume()}>
                Resume all
              </Button>
              <Button size="small" onClick={() => void u.clearFinished()}>
                Clear finished
              </Button>
            </Space>
            <List
              dataSource={snap.items}
              renderItem={(i) => (
                <List.Item
                  actions={[
                    i.status === 'paused' || i.status === 'failed' ? (
                      <Button key="r" size="small" onClick={() => void u.resume(i.id)}>
                        Resume
                      </Button>
                    ) : null,
                    i.status === 'uploading' || i.status === 'queued' || i.status === 'retrying' ? (
                      <Button key="p" size="small" onClick={() => void u.pause(i.id)}>
                        Pause
                      </Button>
                    ) : null,
                    ['queued', 'uploading', 'retrying', 'paused'].includes(i.status) ? (
                      <Button key="c" size="small" danger onClick={() => void u.cancel(i.id)}>
                        Cancel
                      </Button>
                    ) : null,
                    i.videoId ? (
                      <Button key="o" size="small" type="link" onClick={() => void bridge.openExternal(videoPageUrl(apiBaseUrl, i.videoId as string))}>
                        Open in browser
                      </Button>
                    ) : null,
                  ].filter(Boolean)}
                >
                  <List.Item.Meta title={i.relPath} description={i.error ? `${STATUS[i.status]}: ${i.error}` : STATUS[i.status]} />
                  <Progress percent={i.percent} size="small" style={{ width: 120 }} status={i.status === 'failed' ? 'exception' : undefined} />
                </List.Item>
              )}
            />
          </>
        )}
      </Drawer>
      <TrimDialog
        files={picked}
        onClose={() => setPicked([])}
        onUpload={async (choices) => {
          await u.addPicked(choices);
          setPicked([]);
          setOpen(true);
        }}
      />
    </>
  );
}

/** A preview player and a range on the timeline per picked file; only the range is uploaded. */
function TrimDialog({ files, onClose, onUpload }: { files: PickedVideo[]; onClose(): void; onUpload(c: { token: string; trim: { start: number; end: number } | null }[]): Promise<void> }) {
  const [ranges, setRanges] = useState<Record<string, [number, number]>>({});
  const [current, setCurrent] = useState(0);
  const f = files[current];
  useEffect(() => {
    setCurrent(0);
    setRanges(Object.fromEntries(files.map((v) => [v.token, [0, v.duration]])));
  }, [files]);
  if (!f) return null;
  const range = ranges[f.token] ?? [0, f.duration];
  return (
    <Modal
      open
      title={`Trim ${f.name}`}
      width={720}
      onCancel={onClose}
      okText={files.length > 1 ? `Upload ${files.length} videos` : 'Upload'}
      onOk={() =>
        onUpload(
          files.map((v) => {
            const [start, end] = ranges[v.token] ?? [0, v.duration];
            return { token: v.token, trim: start > 0 || end < v.duration ? { start, end } : null };
          }),
        )
      }
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a preview of the user's own file, which has no captions. */}
      <video key={f.token} src={`/local/${f.token}`} controls style={{ width: '100%', maxHeight: 360, background: '#000' }} />
      <Slider
        range
        min={0}
        max={f.duration}
        step={0.1}
        value={range}
        onChange={(v) => setRanges((all) => ({ ...all, [f.token]: v as [number, number] }))}
        tooltip={{ formatter: (v) => `${(v ?? 0).toFixed(1)} s` }}
      />
      <Typography.Text type="secondary">
        {range[0].toFixed(1)} s to {range[1].toFixed(1)} s. The cut starts at the keyframe at or before the start, so it is instant.
      </Typography.Text>
      {files.length > 1 && (
        <Space style={{ display: 'flex', marginTop: 12 }}>
          <Button disabled={current === 0} onClick={() => setCurrent(current - 1)}>
            Previous file
          </Button>
          <Button disabled={current === files.length - 1} onClick={() => setCurrent(current + 1)}>
            Next file
          </Button>
        </Space>
      )}
    </Modal>
  );
}
