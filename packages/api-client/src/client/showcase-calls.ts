import type { z } from 'zod';
import type { ShowcaseCreate } from '../contract/showcases.ts';
import type { Call } from './operation.ts';
import * as op from './routes.generated.ts';

/** Issue 34, item 2: the team's showcases (pages of several videos with a podcast feed). */
export const showcaseCalls = (call: Call) => ({
  list: () => call(op.getShowcases),
  get: (id: string) => call(op.getShowcasesById, { id }),
  create: (input: z.input<typeof ShowcaseCreate>) => call(op.postShowcases, { body: input }),
  update: (id: string, input: z.input<typeof ShowcaseCreate>) => call(op.putShowcasesById, { id, body: input }),
  remove: (id: string) => call(op.deleteShowcasesById, { id }),
});
