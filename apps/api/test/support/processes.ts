import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface Proc {
  child: ChildProcess;
  /** Every JSON log line the process wrote so far. */
  logs: Record<string, unknown>[];
  /** Lines that were not JSON (stderr, nginx's error log). */
  stderr: string[];
  waitForLog(match: (line: Record<string, unknown>) => boolean, what: string, ms?: number): Promise<Record<string, unknown>>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a Node script (the API's main or worker) as its own process and collects its pino lines. */
export function startNode(script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return watchLogs(child);
}

export function watchLogs(child: ChildProcess): Proc {
  const logs: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => {
    try {
      logs.push(JSON.parse(l));
    } catch {
      stderr.push(l);
    }
  });
  createInterface({ input: child.stderr! }).on('line', (l) => stderr.push(l));
  return {
    child,
    logs,
    stderr,
    // Generous: several processes booting at once run every migration on a shared 2-core machine.
    // A deadline only for a process that never gets there (one that exits fails at once): a loaded 2-core machine starts a stack slowly.
    async waitForLog(match, what, ms = 240_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = logs.find(match);
        if (hit) return hit;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no log line "${what}" (exit ${child.exitCode}): ${stderr.slice(-20).join('\n')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
