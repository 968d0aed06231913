import { afterAll } from 'vitest';
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

afterAll(async () => {
  const left = await stopLeftoverServers();
  if (left) console.warn(`${left} test server(s) left running by this file were stopped`);
});
