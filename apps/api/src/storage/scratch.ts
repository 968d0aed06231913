import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Local scratch folders (job work folders, form uploads being received) are kept per process:
 * <root>/<pid>.<start time>. A process that dies (a worker killed mid-job, an API restarted)
 * leaves its folder behind; any process of the same DATA_DIR sweeps the folders of processes
 * that no longer run. The start time tells a reused pid from the one that made the folder.
 */

/** This process's folder under `root` (not created). */
export function processScratchDir(root: string, pid = process.pid): string {
  return join(root, `${pid}.${startTime(pid) ?? 'x'}`);
}

/** Removes the folders under `root` whose process is gone; returns their names. */
export async function sweepDeadScratch(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const m = /^(\d+)\.(\d+|x)$/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (isRunning(pid, m[2])) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number, started: string): boolean {
  const now = startTime(pid);
  if (now !== null) return now === started;
  if (process.platform === 'linux') return false; // no /proc entry: gone
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: the process's start time in clock ticks after boot (/proc/<pid>/stat, field 22). */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
