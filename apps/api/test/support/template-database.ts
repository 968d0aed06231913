import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/orm.ts';
import { entities } from '../../src/modules/entities.ts';
import { startQueue } from '../../src/queue/queue.ts';

/*
 * One migrated database per run (the migrations and pg-boss's schema and queues applied once), which
 * each test server's database is cloned from (CREATE DATABASE ... TEMPLATE): a clone takes a
 * fraction of a second, migrating a fresh database a few seconds, and about 230 servers start per run.
 * A server on a clone still runs its migrations and queue set-up at start; they find nothing to do.
 */

const withDb = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onCluster<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates and migrates the template; returns its name and how to drop it. */
export async function createTemplateDatabase(base: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `tmpl_${crypto.randomUUID().replaceAll('-', '')}`;
  await onCluster(base, (c) => c.query(`create database ${name}`));
  const url = withDb(base, name);
  const log = pino({ level: 'silent' });
  // The same steps as startCore's (migrations, then the queue with the default settings).
  const config = loadConfig({ JWT_SECRET: 'template-secret-template-secret-0123' });
  const orm = await openDatabase(url, entities, log);
  const queue = await startQueue(url, log, {
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
    deadlineSeconds: Math.max(config.JOB_TIMEOUT_SECONDS, config.IMPORT_TIMEOUT_SECONDS),
  });
  await queue.stop();
  await orm.close();
  return { name, drop: () => onCluster(base, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

/** A new database cloned from the template (retried while another session still holds the template). */
export async function cloneTemplate(base: string, template: string): Promise<string> {
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await onCluster(base, (c) => c.query(`create database ${name} template ${template}`));
      return withDb(base, name);
    } catch (err) {
      // 55006: "source database is being accessed by other users" (a session still closing).
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
