// Shapes shared by the main process (which runs the queue) and the renderer (which shows it).

export type ItemStatus = 'queued' | 'uploading' | 'retrying' | 'paused' | 'done' | 'skipped' | 'failed';

export interface TrimRange {
  /** Seconds from the start of the file. */
  start: number;
  end: number;
}

export interface QueueItemView {
  id: string;
  name: string;
  /** Where it is below the picked folder ("trips/beach.mp4"), or the file name. */
  relPath: string;
  status: ItemStatus;
  /** Bytes the server holds. */
  sent: number;
  size: number;
  percent: number;
  error: string | null;
  videoId: string | null;
  trim: TrimRange | null;
}

export interface QueueSnapshot {
  items: QueueItemView[];
  /** Over the items still in the list. */
  total: { sent: number; size: number; percent: number };
  /** Files not finished yet (queued, uploading, retrying or paused): the badge count. */
  pending: number;
}

export const percentOf = (sent: number, size: number) => (size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 100);
