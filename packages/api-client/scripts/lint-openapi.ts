// Lints the generated OpenAPI document (as /api/openapi.json serves it) with Redocly's recommended
// rules; any error or warning fails. `pnpm --filter @reelbase/api-client lint` runs it.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/contract/openapi.ts';

const here = join(import.meta.dirname, '..', 'openapi-lint');
const dir = await mkdtemp(join(tmpdir(), 'reelbase-openapi-'));
try {
  // A public https server, as a deployment's PUBLIC_URL is (the rules warn on localhost).
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(buildOpenApiDocument('https://videos.reelbase.app'), null, 1));
  // The config and its ignore file, beside the document (Redocly reads both from the working folder).
  for (const f of ['redocly.yaml', '.redocly.lint-ignore.yaml']) await copyFile(join(here, f), join(dir, f));
  const cli = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
  const run = spawnSync(cli, ['lint', 'openapi.json', '--format', 'json', '--max-problems', '1000'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(run.stdout || '{}') as { totals?: { errors: number; warnings: number }; problems?: { ruleId: string; message: string; location: { pointer: string }[] }[] };
  if (!report.totals) throw new Error(`redocly lint gave no report (exit ${run.status}): ${run.stderr}`);
  for (const p of report.problems ?? []) console.error(`${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(', ')})`);
  const { errors, warnings } = report.totals;
  console.log(`OpenAPI document: ${errors} errors, ${warnings} warnings (redocly lint, recommended rules)`);
  if (errors || warnings) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
