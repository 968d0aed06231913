import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What a beacon tells about its viewer. Never the address itself. */
export interface ViewerFacts {
  country: string;
  device: string;
  browser: string;
}

export const UNKNOWN = 'Unknown';

interface GeoLookup {
  lookup(address: string): { country?: string } | null;
}
type UAParserConstructor = new (ua?: string) => { getBrowser(): { name?: string }; getDevice(): { type?: string } };

const require = createRequire(import.meta.url);
let geo: GeoLookup | null | undefined;

/**
 * geoip-lite reads its whole data folder into memory when first required: with the city tables
 * that is about 110 MB. We need only the country, so unless GEODATADIR points at other data, it
 * reads a folder holding just the two country files (about 6.5 MB) from the data shipped in npm.
 * Loaded once per process; without data every country is 'Unknown'.
 */
export function loadGeo(dataDir: string, geoDataDir?: string, onError?: (err: unknown) => void): GeoLookup | null {
  if (geo !== undefined) return geo;
  try {
    const globals = globalThis as { geodatadir?: string };
    globals.geodatadir = geoDataDir ?? countryOnlyFolder(dataDir);
    geo = require('geoip-lite') as GeoLookup;
  } catch (err) {
    onError?.(err);
    geo = null;
  }
  return geo;
}

function countryOnlyFolder(dataDir: string): string {
  const shipped = join(dirname(require.resolve('geoip-lite/package.json')), 'data');
  const dir = join(dataDir, 'geoip-country');
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    const target = join(shipped, file);
    const link = join(dir, file);
    let current: string | null = null;
    try {
      current = readlinkSync(link);
    } catch {
      current = null;
    }
    if (current === target) continue;
    rmSync(link, { force: true });
    try {
      symlinkSync(target, link);
    } catch {
      copyFileSync(target, link); // file systems without symlinks
    }
  }
  if (!existsSync(join(dir, 'geoip-country.dat'))) throw new Error('geoip-lite country data missing');
  return dir;
}

export function countryOf(address: string): string {
  const code = geo?.lookup(address)?.country ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : UNKNOWN;
}

const DEVICE_NAMES: Record<string, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  smarttv: 'Smart TV',
  console: 'Console',
  wearable: 'Wearable',
  embedded: 'Embedded',
  xr: 'XR',
};

// ua-parser-js 1.x (MIT): 2.x is AGPL-3.0, which a hosted service cannot take on lightly.
const UAParser = require('ua-parser-js') as UAParserConstructor;

/** Device type and browser name from the User-Agent; odd names become 'Other' so rows stay few. */
export function deviceAndBrowser(userAgent: string): { device: string; browser: string } {
  const ua = userAgent.slice(0, 512);
  if (!ua.trim()) return { device: UNKNOWN, browser: UNKNOWN };
  const parser = new UAParser(ua);
  const type = parser.getDevice().type;
  // ua-parser leaves the type empty for desktop browsers.
  const device = type ? (DEVICE_NAMES[type] ?? 'Other') : 'Desktop';
  const name = parser.getBrowser().name;
  const browser = !name ? UNKNOWN : /^[\w .+-]{1,40}$/.test(name) ? name : 'Other';
  return { device, browser };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'US' -> 'United States'; stored as the code, so a renamed country keeps its counts together. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
