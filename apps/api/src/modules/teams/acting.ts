import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The person acting in the current request (set by the team check of every team route), so rows
 * can record who did a change (videos.uploaded_by / updated_by, the activity log) without every
 * service call carrying the person beside the team's id. Jobs run outside any request: no actor.
 */
const store = new AsyncLocalStorage<{ personId: string; teamId: string }>();

export const runActing = <T>(actor: { personId: string; teamId: string }, fn: () => T): T => store.run(actor, fn);
/** The person acting now, or null outside a team request (jobs, admin calls). */
export const actingPersonId = (): string | null => store.getStore()?.personId ?? null;
