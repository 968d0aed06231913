import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { expect } from './fixtures.ts';

/** axe-core (from npm), injected into the page under test; the impacts that fail a test. */
const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);
/** The player's root: its own markup is judged by the player's tests. */
export const PLAYER = '.rb-player';

export const describeViolation = (v: Result) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`;

/** Runs axe on the page as it is (the page's CSP does not apply to the injected script). */
export async function axe(page: Page, options: { exclude?: string[]; include?: string[] } = {}): Promise<Result[]> {
  await page.evaluate(await AXE_SOURCE);
  const results = (await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(
        o.include ? { include: o.include.map((s) => [s]) } : { exclude: (o.exclude ?? []).map((s) => [s]) },
        { resultTypes: ['violations'] },
      ),
    options,
  )) as AxeResults;
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Fails on any serious or critical violation of the page, printing them all. */
export async function expectAccessible(page: Page, name: string, exclude: string[] = []) {
  const found = await axe(page, { exclude });
  if (found.length) console.log(`axe on ${name}:\n${found.map(describeViolation).join('\n')}`);
  expect.soft(found.map((v) => `${v.id} (${v.nodes.length})`), `serious or critical axe violations on ${name}`).toEqual([]);
}

