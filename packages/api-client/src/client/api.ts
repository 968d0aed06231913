import { leadCalls, paymentCalls, profileCalls, statisticsCalls } from './account-calls.ts';
import { authCalls } from './auth-calls.ts';
import { type CoreOptions, createCore } from './core.ts';
import { detailsCalls } from './details-calls.ts';
import { captionCalls, chapterCalls, folderCalls, gifCalls, playerConfigCalls, thumbnailTestCalls } from './media-calls.ts';
import { caller } from './operation.ts';
import { adminCalls, apiKeyCalls, integrationCalls, notificationCalls, teamCalls, webhookCalls } from './team-calls.ts';
import { videoCalls } from './video-calls.ts';
import { viewerCalls } from './viewer-calls.ts';
import { translationCalls } from './translation-calls.ts';
import { audioTrackCalls } from './audio-track-calls.ts';
import { showcaseCalls } from './showcase-calls.ts';
import { domainCalls } from './domain-calls.ts';
import { reviewCalls } from './review-calls.ts';

export { filenameOf } from './files.ts';
export type * from './params.ts';
export { RESUMABLE_UPLOAD_THRESHOLD } from './video-calls.ts';

export type ApiClientOptions = CoreOptions;

/**
 * The typed Reelbase client shared by the web and desktop apps. Its calls are grouped by resource
 * (the *-calls.ts files); each names its operation by the contract's operationId
 * (routes.generated.ts), and the contract's schemas type its body and answer.
 */
export function createApiClient(o: ApiClientOptions) {
  const core = createCore(o);
  const call = caller(core.request);
  return {
    ready: core.ready,
    baseUrl: core.baseUrl,
    getSession: core.getSession,
    subscribe: core.subscribe,
    /** Ends the session locally (e.g. the UI saw a ban) and tells `onSignOut`. */
    endSession: core.endSession,
    request: core.request,
    /** Selects the team every following call acts for (X-Team-Id); null: the caller's own team. */
    setTeam: core.setTeam,
    getTeam: core.getTeam,
    ...authCalls(core, call),
    teams: teamCalls(call),
    apiKeys: apiKeyCalls(call),
    ...profileCalls(core, call),
    videos: videoCalls(core, call),
    gifs: gifCalls(call),
    captions: captionCalls(core, call),
    audioTracks: audioTrackCalls(core, call),
    chapters: chapterCalls(call),
    thumbnailTests: thumbnailTestCalls(call),
    folders: folderCalls(call),
    webhooks: webhookCalls(call),
    integrations: integrationCalls(call),
    notifications: notificationCalls(call),
    playerConfig: playerConfigCalls(core, call),
    admin: adminCalls(call),
    statistics: statisticsCalls(core, call),
    leads: leadCalls(core, call),
    viewers: viewerCalls(core, call),
    translation: translationCalls(call),
    showcases: showcaseCalls(call),
    domains: domainCalls(call),
    review: reviewCalls(call),
    details: detailsCalls(core, call),
    payments: paymentCalls(core, call),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
