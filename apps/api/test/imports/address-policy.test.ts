import { describe, expect, test } from 'vitest';
import { isAllowedHost, isBlockedHostname, isPublicAddress, parseIPv6 } from '../../src/imports/address-policy.ts';

describe('isPublicAddress', () => {
  test.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.53.1.1',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.10',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ])('refuses IPv4 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  test.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '198.20.0.1', '223.255.255.255'])(
    'accepts public IPv4 %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  test.each([
    '::',
    '::1',
    '[::1]',
    '::127.0.0.1', // IPv4-compatible, deprecated
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'fe80::1%eth0',
    'ff02::1',
    'ff05::2',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1', // the same, as the URL parser writes it
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:0:192.168.0.1', // IPv4-translated
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1', // local-use NAT64
    '2002:7f00:1::1', // 6to4 around 127.0.0.1
    '2002:a9fe:a9fe::1', // 6to4 around 169.254.169.254
    '2001:db8::1',
    '2001::1', // Teredo
    '100::1', // discard-only
    'fec0::1', // site-local
  ])('refuses IPv6 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  test.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1', '[2001:4860:4860::8888]'])(
    'accepts public IPv6 %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  test.each(['', 'localhost', 'example.com', '1.2.3', '1.2.3.256', '::g', '1::2::3', '01.2.3.4x'])('refuses what is not an address: %s', (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });
});

test('parseIPv6 expands compressed and dotted forms', () => {
  expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
  expect(parseIPv6('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
  expect(parseIPv6('1:2:3:4:5:6:7')).toBeNull();
  expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
});

test('metadata and localhost names are refused by name', () => {
  for (const name of ['metadata.google.internal', 'METADATA.GOOGLE.INTERNAL.', 'metadata', 'localhost', 'api.localhost', 'instance-data']) {
    expect(isBlockedHostname(name), name).toBe(true);
  }
  expect(isBlockedHostname('example.com')).toBe(false);
  expect(isBlockedHostname('notlocalhost.com')).toBe(false);
});

test('allowed hosts match exactly, ignoring case, brackets and a trailing dot', () => {
  expect(isAllowedHost('127.0.0.1', ['127.0.0.1'])).toBe(true);
  expect(isAllowedHost('[::1]', ['::1'])).toBe(true);
  expect(isAllowedHost('Media.Test.', ['media.test'])).toBe(true);
  expect(isAllowedHost('127.0.0.2', ['127.0.0.1'])).toBe(false);
  expect(isAllowedHost('::ffff:7f00:1', ['127.0.0.1'])).toBe(false);
});
