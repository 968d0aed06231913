import type { Logger } from 'pino';
import { FAILURE_MESSAGES } from './failure.ts';

/** A dead-lettered job's payload: the slot-holding job's own. */
export interface FailedOverData {
  videoId: string;
  slotId?: string;
  trackId?: string;
}

/**
 * A slot-holding job that pg-boss failed for good without its handler's say: its worker died on
 * the job's last try (the heartbeat stopped) or outlived the queue's expiry. Its slot would hold a
 * place in the account's queue (429s past JOBS_MAX_QUEUED_PER_ACCOUNT) and its reserved bytes for
 * hours, and its video would wait in "processing": the slot ends here and the owner gets the
 * reason, as after a last try that failed in the handler. A handler that failed its job ended the
 * slot itself before throwing, so when no slot is left there is nothing to do (and no second mail).
 */
export function failedOverHandler(d: {
  /** Ends the slot; false when it had already ended. */
  releaseSlot: (slotId: string) => Promise<boolean>;
  onFinalFailure: (name: string, videoId: string, reason: string, data: FailedOverData) => Promise<void>;
  log: Logger;
}) {
  return async function failedOver(sourceName: string | null, data: FailedOverData): Promise<void> {
    if (!sourceName || !data.slotId) return;
    if (!(await d.releaseSlot(data.slotId))) return;
    d.log.warn({ job: sourceName, videoId: data.videoId }, 'job failed over with no worker left: its slot ended');
    await d.onFinalFailure(sourceName, data.videoId, FAILURE_MESSAGES.failed, data);
  };
}
