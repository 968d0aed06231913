import { ERROR_CODES, SESSION_REPORT_EVERY_SEC } from '@reelbase/api-client';
import { tooMany } from '../../http/errors.ts';
import { addressKeyer, beaconLimiter } from '../statistics/beacon-limiter.ts';
import { TOO_MANY_BEACONS } from '../statistics/statistics.service.ts';

/**
 * The progress beacon's own caps, checked before its body is read. Not the drop-off beacons'
 * bucket: a report every SESSION_REPORT_EVERY_SEC from each viewer would spend that bucket with
 * six people watching behind one office's address, and sendBeacon cannot see the 429 to send
 * again. Per address, `perAddressPerSecond` sustained (10: a hundred viewers at once) with ten
 * seconds' worth as burst; per session, twice what one player sends (a report each interval, and
 * on each pause and hiding) after a burst of `sessionBurst`, so one session cannot spend its
 * address's share.
 */
export function progressAdmission(perAddressPerSecond: number, sessionBurst: number) {
  const byAddress = beaconLimiter({ perSecond: perAddressPerSecond, burst: Math.ceil(perAddressPerSecond * SESSION_REPORT_EVERY_SEC) });
  const bySession = beaconLimiter({ perSecond: 2 / SESSION_REPORT_EVERY_SEC, burst: sessionBurst });
  const keyOf = addressKeyer();
  return (address: string, sessionId: string): void => {
    if (!bySession.take(sessionId.slice(0, 64)) || !byAddress.take(keyOf(address))) throw tooMany(TOO_MANY_BEACONS, ERROR_CODES.rateLimited);
  };
}
