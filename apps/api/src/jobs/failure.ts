import { ImportRefusedError } from '../imports/import-error.ts';
import { MediaProcessError, MediaTimeoutError } from '../media/runner.ts';
import { FILE_FAULT_SIGNALS, NotAVideoError } from '../media/probe.ts';
import { MediaUnavailableError } from '../media/readiness.ts';
import { formatDuration, SourceRefusedError } from '../media/source-limits.ts';

export const FAILURE_MESSAGES = {
  notAVideo: 'This file could not be read as a video.',
  failed: 'The video could not be processed. Try uploading it again.',
  deadline: (limitMs: number) => `Processing took longer than the ${formatDuration(limitMs / 1000)} limit and was stopped.`,
} as const;

/** An error whose message is written for the owner and which will fail again on a retry. */
export class OwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnerError';
  }
}

/**
 * What a job's failure means for its owner: a short reason (never a tool's output, which goes to
 * the log) and whether a retry could help. Bad media, refused sources and addresses, and the
 * job's own deadline fail the same way again; anything else (storage, database, a killed
 * worker) is worth a retry.
 */
export function classifyFailure(err: unknown, deadlineReason: string | null): { reason: string; permanent: boolean } {
  // A job stopped at its deadline would take as long again.
  if (deadlineReason) return { reason: deadlineReason, permanent: true };
  if (err instanceof NotAVideoError) return { reason: FAILURE_MESSAGES.notAVideo, permanent: true };
  // This worker may not run media (media/readiness.ts): a retry here would be refused again.
  if (err instanceof SourceRefusedError || err instanceof OwnerError || err instanceof MediaUnavailableError) return { reason: err.message, permanent: true };
  if (err instanceof ImportRefusedError) return { reason: err.message, permanent: !err.transient };
  if (err instanceof MediaProcessError && !(err instanceof MediaTimeoutError) && FILE_FAULT_SIGNALS.includes(err.exitSignal ?? '')) {
    return { reason: FAILURE_MESSAGES.notAVideo, permanent: true };
  }
  return { reason: FAILURE_MESSAGES.failed, permanent: false };
}
