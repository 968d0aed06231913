import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApiProcess } from './api-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    adminEmail: string;
    adminPassword: string;
    accessTtlSeconds: number;
    sampleVideo: string;
  }
}

export const ACCESS_TTL_SECONDS = 2;

/** The bundled ffmpeg of the API package: a 2-second H.264/AAC test pattern. */
function makeSampleVideo(dir: string): string {
  const requireFromApi = createRequire(resolve(import.meta.dirname, '../../../../apps/api/package.json'));
  const ffmpeg = (requireFromApi('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const out = join(dir, 'sample.mp4');
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', out]);
  return out;
}

export default async function setup(project: TestProject) {
  const adminEmail = 'admin@example.com';
  const adminPassword = 'admin-password';
  const files = await mkdtemp(join(tmpdir(), 'reelbase-client-files-'));
  const api = await startApiProcess({
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    JWT_SECRET: 'client-test-secret-client-test-secret-0123',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
  });
  project.provide('apiUrl', api.url);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('accessTtlSeconds', ACCESS_TTL_SECONDS);
  project.provide('sampleVideo', makeSampleVideo(files));
  return async () => {
    await api.stop();
    await rm(files, { recursive: true, force: true });
  };
}
