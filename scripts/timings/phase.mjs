// `node scripts/timings/phase.mjs NAME -- COMMAND ARGS...`: runs the command (through the shell,
// output as is), records how long it took as a suite of the run, and exits with its code.
import { spawnSync } from 'node:child_process';
import { recordTiming } from './record.mjs';

const sep = process.argv.indexOf('--');
const name = process.argv.slice(2, sep).join(' ');
const command = process.argv.slice(sep + 1).join(' ');
const start = performance.now();
const r = spawnSync(command, { stdio: 'inherit', shell: true });
recordTiming({ kind: 'suite', name, seconds: (performance.now() - start) / 1000 });
process.exit(r.status ?? 1);
