import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { expect, registerViaApi, shot, signInViaApi, test } from './support/fixtures.ts';

/** A local receiver (the stack allows 127.0.0.1 through IMPORT_ALLOWED_HOSTS, as for imports). */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = 200;
      res.end('thanks');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/reelbase`, got, close: () => new Promise((r) => server.close(r)) };
}

const signs = (secret: string, h: IncomingHttpHeaders, body: string) =>
  String(h['webhook-signature'])
    .split(' ')
    .includes(`v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${h['webhook-id']}.${h['webhook-timestamp']}.${body}`).digest('base64')}`);

test('settings, Webhooks: add an endpoint, copy its secret, send a test event, see the delivery and its code, resend it', async ({ page, request, baseURL }, info) => {
  const hook = await receiver();
  try {
    const a = await registerViaApi(request, baseURL as string);
    await signInViaApi(page, a);
    await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
    await page.goto('/settings');
    // The settings chunk loads first (slow on a busy machine).
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible({ timeout: 60_000 });
    const section = page.getByTestId('webhooks');
    await expect(section.getByText('No webhook endpoints yet.')).toBeVisible({ timeout: 30_000 });

    // Junk is refused on its field before anything is sent.
    await section.getByLabel('Endpoint URL').fill('ftp://example.com');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByText('Enter a valid https:// address.')).toBeVisible();

    await section.getByLabel('Endpoint URL').fill(hook.url);
    await section.getByLabel('Captions ready').check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = section.getByTestId('webhook-secret');
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.getByLabel('Signing secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    const endpoint = section.getByTestId('webhook-endpoint');
    await expect(endpoint.getByText(hook.url)).toBeVisible();
    await expect(endpoint.getByText('Enabled')).toBeVisible();
    await expect(endpoint.getByText('Captions ready')).toBeVisible();
    await shot(page, info, 'settings-webhooks-secret');
    await secretBox.getByRole('button', { name: 'Done' }).click();
    await expect(secretBox).toHaveCount(0);

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const deliveries = endpoint.getByRole('table');
    await expect(deliveries.getByTestId('delivery-code')).toHaveText('200', { timeout: 30_000 });
    await expect(deliveries.getByText('succeeded')).toBeVisible();
    expect(hook.got).toHaveLength(1);
    expect(JSON.parse(hook.got[0].body).type).toBe('webhook.test');
    expect(signs(secret, hook.got[0].headers, hook.got[0].body)).toBe(true);
    // The body sent, shown under its row.
    await deliveries.getByRole('button', { name: 'Expand row' }).click();
    await expect(deliveries.getByText('"type": "webhook.test"')).toBeVisible();
    await shot(page, info, 'settings-webhooks-delivery');

    await deliveries.getByRole('button', { name: 'Resend' }).first().click();
    await expect(deliveries.getByTestId('delivery-code')).toHaveCount(2, { timeout: 30_000 });
    await expect(deliveries.getByText('succeeded')).toHaveCount(2);
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1].headers['webhook-id']).toBe(hook.got[0].headers['webhook-id']);
    await shot(page, info, 'settings-webhooks-resent');
  } finally {
    await hook.close();
  }
});
