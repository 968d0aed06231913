import { expect, test } from 'vitest';
import { addressKeyer, beaconLimiter } from '../src/modules/statistics/beacon-limiter.ts';
import { countryName, deviceAndBrowser } from '../src/modules/statistics/viewer-facts.ts';

test('a token bucket: the burst at once, then the sustained rate', () => {
  let now = 0;
  const limiter = beaconLimiter({ perSecond: 1, burst: 20, now: () => now });
  const taken = Array.from({ length: 25 }, () => limiter.take('a')).filter(Boolean).length;
  expect(taken).toBe(20);
  now += 1000;
  expect(limiter.take('a')).toBe(true);
  expect(limiter.take('a')).toBe(false);
  now += 5500;
  expect(Array.from({ length: 10 }, () => limiter.take('a')).filter(Boolean).length).toBe(5);
  expect(limiter.take('b')).toBe(true);
});

test('idle buckets are forgotten and the map has a ceiling', () => {
  let now = 0;
  const limiter = beaconLimiter({ perSecond: 1, burst: 2, maxEntries: 100, now: () => now });
  for (let i = 0; i < 500; i++) limiter.take(`k${i}`);
  expect(limiter.size).toBeLessThanOrEqual(101);
  now += 61_000;
  limiter.take('fresh');
  expect(limiter.size).toBe(1);
});

test('address keys: not the address, IPv4-mapped like IPv4, one per IPv6 /64', () => {
  const key = addressKeyer();
  expect(key('8.8.8.8')).not.toContain('8.8.8.8');
  expect(key('::ffff:8.8.8.8')).toBe(key('8.8.8.8'));
  expect(key('8.8.8.8')).not.toBe(key('8.8.4.4'));
  expect(key('2001:db8:1:2::1')).toBe(key('2001:db8:1:2:ffff:ffff:ffff:ffff'));
  expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
  // Another process (or restart) makes other keys.
  expect(addressKeyer()('8.8.8.8')).not.toBe(key('8.8.8.8'));
});

test('device and browser names from the User-Agent', () => {
  expect(deviceAndBrowser('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toEqual({ device: 'Tablet', browser: 'Mobile Safari' });
  expect(deviceAndBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0')).toEqual({ device: 'Desktop', browser: 'Firefox' });
  expect(deviceAndBrowser('')).toEqual({ device: 'Unknown', browser: 'Unknown' });
  expect(countryName('DE')).toBe('Germany');
  expect(countryName('Unknown')).toBe('Unknown');
});
