import { Migration20261121000001Accounts } from './Migration20261121000001Accounts.ts';
import { Migration20261122000002Videos } from './Migration20261122000002Videos.ts';
import { Migration20261123000003VideoStats } from './Migration20261123000003VideoStats.ts';
import { Migration20261125000001Folders } from './Migration20261125000001Folders.ts';
import { Migration20261126000001VideoEdits } from './Migration20261126000001VideoEdits.ts';
import { Migration20261128000001SharedSecrets } from './Migration20261128000001SharedSecrets.ts';
import { Migration20261130000001VideoListIndexes } from './Migration20261130000001VideoListIndexes.ts';
import { Migration20261202000001EditTools } from './Migration20261202000001EditTools.ts';
import { Migration20261203000001AdminAndAnalytics } from './Migration20261203000001AdminAndAnalytics.ts';
import { Migration20261204000001StorageQuota } from './Migration20261204000001StorageQuota.ts';
import { Migration20261205000001RateLimits } from './Migration20261205000001RateLimits.ts';
import { Migration20261205000002AccountSafety } from './Migration20261205000002AccountSafety.ts';
import { Migration20261208000001Payments } from './Migration20261208000001Payments.ts';
import { Migration20261209000001Billing } from './Migration20261209000001Billing.ts';
import { Migration20261210000001Paypal } from './Migration20261210000001Paypal.ts';
import { Migration20261211000001BandwidthNotices } from './Migration20261211000001BandwidthNotices.ts';
import { Migration20261212000001VideoCounts } from './Migration20261212000001VideoCounts.ts';
import { Migration20261213000001MailLinks } from './Migration20261213000001MailLinks.ts';
import { Migration20261214000001SignInReservations } from './Migration20261214000001SignInReservations.ts';
import { Migration20261215000001PaypalSandbox } from './Migration20261215000001PaypalSandbox.ts';
import { Migration20261216000001JobSlots } from './Migration20261216000001JobSlots.ts';
import { Migration20261220000001EmbedSettings } from './Migration20261220000001EmbedSettings.ts';

/** Committed migrations in order; listed explicitly so no file globbing or compiler is needed. */
export const migrations = [
  { name: 'Migration20261121000001Accounts', class: Migration20261121000001Accounts },
  { name: 'Migration20261122000002Videos', class: Migration20261122000002Videos },
  { name: 'Migration20261123000003VideoStats', class: Migration20261123000003VideoStats },
  { name: 'Migration20261125000001Folders', class: Migration20261125000001Folders },
  { name: 'Migration20261126000001VideoEdits', class: Migration20261126000001VideoEdits },
  { name: 'Migration20261128000001SharedSecrets', class: Migration20261128000001SharedSecrets },
  { name: 'Migration20261130000001VideoListIndexes', class: Migration20261130000001VideoListIndexes },
  { name: 'Migration20261202000001EditTools', class: Migration20261202000001EditTools },
  { name: 'Migration20261203000001AdminAndAnalytics', class: Migration20261203000001AdminAndAnalytics },
  { name: 'Migration20261204000001StorageQuota', class: Migration20261204000001StorageQuota },
  { name: 'Migration20261205000001RateLimits', class: Migration20261205000001RateLimits },
  { name: 'Migration20261205000002AccountSafety', class: Migration20261205000002AccountSafety },
  { name: 'Migration20261208000001Payments', class: Migration20261208000001Payments },
  { name: 'Migration20261209000001Billing', class: Migration20261209000001Billing },
  { name: 'Migration20261210000001Paypal', class: Migration20261210000001Paypal },
  { name: 'Migration20261211000001BandwidthNotices', class: Migration20261211000001BandwidthNotices },
  { name: 'Migration20261212000001VideoCounts', class: Migration20261212000001VideoCounts },
  { name: 'Migration20261213000001MailLinks', class: Migration20261213000001MailLinks },
  { name: 'Migration20261214000001SignInReservations', class: Migration20261214000001SignInReservations },
  { name: 'Migration20261215000001PaypalSandbox', class: Migration20261215000001PaypalSandbox },
  { name: 'Migration20261216000001JobSlots', class: Migration20261216000001JobSlots },
  { name: 'Migration20261220000001EmbedSettings', class: Migration20261220000001EmbedSettings },
];
