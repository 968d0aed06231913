import { join, resolve } from 'node:path';

const API_TEST = resolve(import.meta.dirname, '../../../api/test/support');

export interface TestServer {
  url: string;
  api<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: T; headers: Headers }>;
  waitForVideo(token: string, id: string, until: (v: any) => boolean, timeoutMs?: number): Promise<any>;
  upload(token: string, file: string, opts?: { name?: string }): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}
export interface Login {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  isAdmin: boolean;
}

// The API's test helpers (a real server on a fresh database, cached ffmpeg clips), loaded by
// path so this package does not typecheck the API's sources.
const helpers = () =>
  import(join(API_TEST, 'test-server.ts')) as Promise<{
    startTestServer(env?: Record<string, string>): Promise<TestServer>;
    signUpAndLogin(s: TestServer): Promise<Login>;
  }>;

export const startTestServer = async (env?: Record<string, string>) => (await helpers()).startTestServer(env);
export const signUpAndLogin = async (s: TestServer) => (await helpers()).signUpAndLogin(s);
export const makeClip = async (o: { seconds?: number; width?: number; height?: number; fps?: number; gop?: number; audio?: boolean; container?: 'mp4' | 'mkv' }) =>
  ((await import(join(API_TEST, 'clips.ts'))) as { makeClip(o: object): Promise<string> }).makeClip(o);

export const sessionOf = (l: Login) => ({ accessToken: l.accessToken, refreshToken: l.refreshToken, isAdmin: l.isAdmin, isPaymentMethodSet: true });
