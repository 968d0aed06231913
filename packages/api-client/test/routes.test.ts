import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES_FILE, routesSource } from '../scripts/routes.ts';
import { pathOf } from '../src/client/route.ts';
import * as op from '../src/client/routes.generated.ts';

describe("the client's routes", () => {
  it('are the contract as it is now (run `pnpm --filter @reelbase/api-client routes` after changing an endpoint)', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(routesSource());
  });

  it('fill path parameters encoded, so an id cannot reach another route', () => {
    expect(pathOf(op.getVideosByIdCaptionsByCaptionIdByFormat, { id: 'a/b', captionId: 'c?d', format: 'vtt' })).toBe('/api/videos/a%2Fb/captions/c%3Fd.vtt');
  });
});
