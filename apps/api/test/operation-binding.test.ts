import type { Server } from 'node:http';
import { Router } from '@koa/router';
import { type ApiKeyScope, endpoints, op, type Route, type TeamAccess } from '@reelbase/api-client';
import Koa, { type Middleware } from 'koa';
import { afterAll, describe, expect, test } from 'vitest';
import { on } from '../src/http/operation.ts';
import { bindTeamAccess } from '../src/modules/access/team-access.ts';

/*
 * Issue 36 item 4: routes are bound to the contract by operation (`on(r, op.x, ...)`), and
 * bindTeamAccess finds each signed-in route's permission by that operation, never by its path.
 * No server: a router, a Koa app on a free port and real HTTP requests.
 */

/** Sign-in stands aside here (it needs the database); bindTeamAccess finds it by identity. */
const requireUser: Middleware = (_ctx, next) => next();
/** The team check as bindTeamAccess splices it: it says which permission and scope it was given. */
const check =
  (access: TeamAccess, scope?: ApiKeyScope): Middleware =>
  async (ctx, next) => {
    ctx.state.checked = `${access} ${scope ?? '-'}`;
    ctx.set('x-checked', ctx.state.checked);
    await next();
  };
const bind = (...routers: Router[]) => bindTeamAccess(routers, { requireUser, check });
const contractOf = (route: Route) => endpoints.find((e) => `${e.method} ${e.path}` === route);

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
async function serve(router: Router): Promise<string> {
  const app = new Koa();
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('on(router, operation, ...)', () => {
  test("answers at the operation's method and path, inside its router's prefix, with its parameters", async () => {
    const r = new Router({ prefix: '/api/folders' });
    on(r, op.getFoldersById, (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    on(r, op.getFolders, (ctx) => {
      ctx.body = { list: true };
    });
    const url = await serve(r);
    expect(await (await fetch(`${url}/api/folders/f-1`)).json()).toEqual({ id: 'f-1' });
    expect(await (await fetch(`${url}/api/folders`)).json()).toEqual({ list: true });
    // The method is the operation's: a DELETE the router was not given is refused.
    expect((await fetch(`${url}/api/folders/f-1`, { method: 'DELETE' })).status).toBe(405);
  });

  test('an operation the contract does not list fails the start', () => {
    expect(() => on(new Router(), 'get /api/no-such-thing' as Route, () => {})).toThrow('the contract lists no such operation');
  });

  test("an operation outside the router's prefix fails the start", () => {
    expect(() => on(new Router({ prefix: '/api/folders' }), op.getVideos, () => {})).toThrow("outside its router's prefix");
    // A prefix is a whole path segment: /api/folder is not the start of /api/folders.
    expect(() => on(new Router({ prefix: '/api/folder' }), op.getFoldersById, () => {})).toThrow("outside its router's prefix");
  });
});

describe('bindTeamAccess', () => {
  test("a signed-in route runs the contract's permission and scope of its operation before its handler (HEAD too)", async () => {
    const r = new Router();
    on(r, op.getFoldersById, requireUser, (ctx) => {
      ctx.body = { checkedBefore: ctx.state.checked };
    });
    bind(r);
    const url = await serve(r);
    const { team, scope } = contractOf(op.getFoldersById) ?? {};
    expect(team).toBe('view');
    expect(await (await fetch(`${url}/api/folders/f-1`)).json()).toEqual({ checkedBefore: `${team} ${scope}` });
    expect((await fetch(`${url}/api/folders/f-1`, { method: 'HEAD' })).headers.get('x-checked')).toBe(`${team} ${scope}`);
  });

  test('a router that signs in for all its routes gets the check on each bound route', async () => {
    const r = new Router({ prefix: '/api/folders' });
    r.use(requireUser);
    on(r, op.putFoldersById, (ctx) => {
      ctx.body = { checkedBefore: ctx.state.checked };
    });
    bind(r);
    const url = await serve(r);
    const { team, scope } = contractOf(op.putFoldersById) ?? {};
    expect(team).toBe('edit');
    expect(await (await fetch(`${url}/api/folders/f-1`, { method: 'PUT' })).json()).toEqual({ checkedBefore: `${team} ${scope}` });
  });

  test('a signed-in route bound to no operation fails the start, though its path is in the contract', () => {
    const r = new Router();
    r.get('/api/folders/:id', requireUser, () => {});
    expect(() => bind(r)).toThrow('signs in but is bound to no operation of the contract');
  });

  test('a route named after an operation the contract does not list fails the start', () => {
    const r = new Router();
    r.register('/api/folders/:id', ['get'], [() => {}], { name: 'get /api/no-such-thing' });
    expect(() => bind(r)).toThrow('get /api/no-such-thing: the route is bound to an operation the contract does not list');
  });

  test('a signed-in route whose operation has no team permission in the contract fails the start', () => {
    expect(contractOf(op.postUsersEmailCheck)?.team).toBeUndefined();
    const r = new Router();
    on(r, op.postUsersEmailCheck, requireUser, () => {});
    expect(() => bind(r)).toThrow(`${op.postUsersEmailCheck} signs in but the contract gives it no team permission`);
  });

  test('a route that does not sign in is left as it is', async () => {
    const r = new Router();
    on(r, op.postUsersEmailCheck, (ctx) => {
      ctx.body = { checked: ctx.state.checked ?? null };
    });
    r.get('/not-in-the-contract', (ctx) => {
      ctx.body = { checked: ctx.state.checked ?? null };
    });
    bind(r);
    const url = await serve(r);
    expect(await (await fetch(`${url}/api/users/email-check`, { method: 'POST' })).json()).toEqual({ checked: null });
    expect(await (await fetch(`${url}/not-in-the-contract`)).json()).toEqual({ checked: null });
  });
});
