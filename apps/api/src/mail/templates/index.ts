import emailChangeConfirm from './email-change-confirm.ts';
import emailChangeNotice from './email-change-notice.ts';
import emailChangedByAdmin from './email-changed-by-admin.ts';
import leadWatched from './lead-watched.ts';
import leadWatchedDigest from './lead-watched-digest.ts';
import passwordChanged from './password-changed.ts';
import paymentMethodChanged from './payment-method-changed.ts';
import paymentReceipt from './payment-receipt.ts';
import planChanged from './plan-changed.ts';
import refundReceipt from './refund-receipt.ts';
import removalNotice from './removal-notice.ts';
import renewalFailed from './renewal-failed.ts';
import resetPassword from './reset-password.ts';
import reviewComment from './review-comment.ts';
import reviewDecision from './review-decision.ts';
import setPassword from './set-password.ts';
import signInNotice from './sign-in-notice.ts';
import subscriptionCanceled from './subscription-canceled.ts';
import usageThreshold from './usage-threshold.ts';
import verifyEmail from './verify-email.ts';
import videoBlocked from './video-blocked.ts';
import videoPasswordGuessing from './video-password-guessing.ts';
import videoProcessingFailed from './video-processing-failed.ts';
import ownershipTransfer from './ownership-transfer.ts';
import teamInvitation from './team-invitation.ts';
import teamRemoved from './team-removed.ts';
import twoFactor from './two-factor.ts';
import webhookDisabled from './webhook-disabled.ts';
import welcome from './welcome.ts';

/** Every mail Reelbase sends, one template per event; the name is also the mail's X-Reelbase-Template header. */
export const TEMPLATES = {
  welcome,
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'email-change-confirm': emailChangeConfirm,
  'email-change-notice': emailChangeNotice,
  'email-changed-by-admin': emailChangedByAdmin,
  'set-password': setPassword,
  'password-changed': passwordChanged,
  'sign-in-notice': signInNotice,
  'removal-notice': removalNotice,
  'usage-threshold': usageThreshold,
  'payment-receipt': paymentReceipt,
  'refund-receipt': refundReceipt,
  'payment-method-changed': paymentMethodChanged,
  'plan-changed': planChanged,
  'subscription-canceled': subscriptionCanceled,
  'renewal-failed': renewalFailed,
  'video-processing-failed': videoProcessingFailed,
  'video-blocked': videoBlocked,
  'video-password-guessing': videoPasswordGuessing,
  'team-invitation': teamInvitation,
  'team-removed': teamRemoved,
  'ownership-transfer': ownershipTransfer,
  'webhook-disabled': webhookDisabled,
  'two-factor': twoFactor,
  'lead-watched': leadWatched,
  'lead-watched-digest': leadWatchedDigest,
  'review-comment': reviewComment,
  'review-decision': reviewDecision,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateData<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]>[0];
