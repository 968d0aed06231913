import { configureMediaBox, DEFAULT_MEDIA_BOX, refuseMedia } from '../../src/media/box.ts';

/*
 * Test files share their worker's loaded modules (vitest `isolate: false`: the API's module graph
 * takes seconds of CPU to load, once per worker instead of once per file). The process-wide settings
 * a file may have changed go back to a fresh process's before each file.
 */
configureMediaBox(DEFAULT_MEDIA_BOX);
refuseMedia(false);
