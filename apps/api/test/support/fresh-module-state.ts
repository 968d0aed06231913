import { readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { recordTiming } from '../../../../scripts/timings/record.mjs';
import { configureMediaBox, DEFAULT_MEDIA_BOX, refuseMedia } from '../../src/media/box.ts';
import { stopLeftoverServers } from './test-server.ts';

/*
 * Test files share their worker's loaded modules (vitest `isolate: false`: the API's module graph
 * takes seconds of CPU to load, once per worker instead of once per file). The process-wide settings
 * a file may have changed go back to a fresh process's before each file, and a server the file left
 * running is stopped after it (as its process's exit did when each file had its own).
 */
configureMediaBox(DEFAULT_MEDIA_BOX);
refuseMedia(false);

/**
 * CPU seconds of this worker and of the children it has waited for (ffmpeg, browsers), from
 * /proc: what a file costs the machine, where wall time only says how long it waited. PostgreSQL's
 * share is not in it. Null where /proc is missing.
 */
function cpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat(5); [0] here is field 3.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  } catch {
    return null;
  }
}
const cpuAtStart = cpuSeconds();

afterAll(async () => {
  const left = await stopLeftoverServers();
  if (left) console.warn(`${left} test server(s) left running by this file were stopped`);
  const cpu = cpuSeconds();
  const file = expect.getState().testPath;
  if (cpu !== null && cpuAtStart !== null && file) recordTiming({ kind: 'cpu', suite: 'apps/api', file, seconds: cpu - cpuAtStart });
});
