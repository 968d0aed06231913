import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { mayNavigate, rendererCsp, rendererFile } from '../src/main/renderer-files.ts';
import { normalizeApiUrl } from '../src/main/settings.ts';

const DIST = resolve(import.meta.dirname, '../dist/renderer');
const API = 'https://videos.example.com';

test('the window may show the app and the chosen API, nothing else', () => {
  expect(mayNavigate('app://reelbase/settings', API)).toBe(true);
  expect(mayNavigate(`${API}/abc123`, API)).toBe(true);
  expect(mayNavigate('https://videos.example.com.evil.test/', API)).toBe(false);
  expect(mayNavigate('https://elsewhere.example/', API)).toBe(false);
  expect(mayNavigate('file:///etc/passwd', API)).toBe(false);
  expect(mayNavigate(`${API}/x`, null)).toBe(false);
});

test("the renderer's files come with a CSP that allows only its own scripts and calls to the API", async () => {
  const page = await rendererFile(DIST, '/some/route', API);
  expect(page.status).toBe(200);
  expect(String(page.body)).toContain('<div id="root">');
  const csp = page.headers['content-security-policy'];
  expect(csp).toBe(rendererCsp(API));
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain(`connect-src 'self' ${API};`);
  expect(csp).not.toContain('unsafe-eval');
  // No way out of the renderer's folder.
  expect((await rendererFile(DIST, '/../../package.json', API)).status).toBe(404);
  expect((await rendererFile(DIST, '/%2e%2e/%2e%2e/package.json', API)).status).toBe(404);
});

test('the server address must be a web address; its origin is kept', () => {
  expect(normalizeApiUrl(' https://videos.example.com/some/path ')).toBe(API);
  expect(() => normalizeApiUrl('ftp://x')).toThrow('The address must start with https:// or http://');
  expect(() => normalizeApiUrl('not a url')).toThrow('Enter the address of your Reelbase server');
});
