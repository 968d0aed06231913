import { createServer, request, type Server } from 'node:http';
import Koa from 'koa';
import { staticWeb } from '../../../api/src/http/static-web.ts';

// /embed-assets: the embed page's built player, served by the API; so are the share page, oEmbed, the sitemap and robots.txt.
const API_PATH = /^\/(api|auth|media|embed|embed-assets|watch|s|oembed|sitemap\.xml|sitemaps|robots\.txt)(\/|\?|$)/;

/**
 * The built web app served by the API's own staticWeb middleware, with the API paths proxied to
 * an API process: the same origin layout as production, before staticWeb is wired into the API.
 */
export async function startWebServer(distDir: string, apiUrl: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  app.use(staticWeb(distDir));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'Not found';
  });
  const web = app.callback();
  const api = new URL(apiUrl);
  const server: Server = createServer((req, res) => {
    if (!API_PATH.test(req.url ?? '/')) return void web(req, res);
    const upstream = request({ host: api.hostname, port: api.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"The API is not reachable"}');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
