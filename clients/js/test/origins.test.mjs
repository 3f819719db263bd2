// Origins in a real browser (Debian's Chromium through playwright-core): a rendered site runs scripts
// its docs author and its analytics vendors chose, so none of them may read the dashboard or the
// admin API. A user signs in wherever the server lets them; then a script on every page a site is
// rendered at tries to read the dashboard (and the admin API) with the visitor's cookies, on its own
// origin and on the dashboard's. Sites of different organisations share no origin either.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../lib/server.mjs';
import { launchBrowser } from '../lib/browser.mjs';

const ADMIN_TOKEN = 'admin-token-of-the-origins-test-0123456789';
let server;
let browser;
let port;

function site(domain, organization) {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-origins-'));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Relay Docs', navigation: { groups: [{ group: 'G', pages: ['index'] }] } }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Welcome\n---\n\nRelay delivers webhooks to your endpoints.\n');
  return { domain, path: dir, organization };
}

before(async () => {
  server = await startServer({ sites: [site('relay', 'acme'), site('beta', 'other')], yaml: [`security: {admin-token: ${ADMIN_TOKEN}}`],
    timeoutMs: 120000 });
  port = new URL(server.url).port;
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/** What a script on the page gets from `url` with the visitor's cookies: status and body, or the error that hid them. */
const readFrom = (page, url, init = {}) => page.evaluate(async ([u, i]) => {
  try {
    const res = await fetch(u, { credentials: 'include', redirect: 'follow', ...i });
    return { status: res.status, body: await res.text() };
  } catch (e) {
    return { error: String(e) };
  }
}, [url, init]);

test('no script on a rendered site reads the dashboard or the admin API', async () => {
  const link = server.cli('users', 'add', '--org', 'acme', '--email', 'dana@acme.example').trim().split('\n').at(-1);
  assert.ok(link.startsWith('http://dashboard.localhost:'), 'users add links to the dashboard host: ' + link);
  const token = new URL(link).search;
  const context = await browser.newContext();
  const page = await context.newPage();
  // Sign in wherever the server offers a sign-in form: its own host does, the sites' origins must not.
  const siteOrigins = [`http://relay.localhost:${port}`, `http://127.0.0.1:${port}`, `http://localhost:${port}`];
  let signedIn = 0;
  for (const origin of [server.dashboard, ...siteOrigins]) {
    await page.goto(`${origin}/dashboard/sign-in${token}`);
    if (await page.locator('button[type=submit]').count() > 0) {
      const fresh = server.cli('users', 'add', '--org', 'acme', '--email', 'dana@acme.example').trim().split('\n').at(-1);
      await page.goto(`${origin}/dashboard/sign-in${new URL(fresh).search}`);
      await page.click('button[type=submit]');
      await page.waitForURL(`${origin}/dashboard/acme`);
      signedIn++;
    }
  }
  assert.equal(signedIn, 1, 'only the dashboard host signs in');
  await page.goto(`${server.dashboard}/dashboard/acme`);
  const own = await readFrom(page, `${server.dashboard}/dashboard/acme`);
  assert.equal(own.status, 200);
  assert.match(own.body, /name="csrf"/, 'the dashboard itself reads its page');

  for (const pageUrl of [`http://relay.localhost:${port}/`, `http://127.0.0.1:${port}/sites/relay/`, `http://localhost:${port}/sites/relay/`]) {
    const res = await page.goto(pageUrl);
    assert.equal(res.status(), 200, pageUrl);
    const origin = new URL(pageUrl).origin;
    for (const target of [`${origin}/dashboard/acme`, `${origin}/dashboard/`, `${server.dashboard}/dashboard/acme`,
      `${server.dashboard}/dashboard/acme/relay/conversations.jsonl`]) {
      const read = await readFrom(page, target);
      assert.ok(read.error || !/csrf|svc_dsc_|Sign out/.test(read.body), `${pageUrl} read ${target}: ${JSON.stringify(read).slice(0, 300)}`);
      if (target.startsWith(origin)) assert.equal(read.status, 421, `${target} is not the dashboard's host`);
      else assert.ok(read.error, `${target} is another origin, without CORS: ${JSON.stringify(read).slice(0, 200)}`);
    }
    for (const target of [`${origin}/admin/v1/keys`, `${server.dashboard}/admin/v1/keys`]) {
      const read = await readFrom(page, target, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.ok(read.error || read.status === 421, `${pageUrl} reached ${target}: ${JSON.stringify(read).slice(0, 300)}`);
      assert.ok(!read.body?.includes('key_'), `${pageUrl} read keys from ${target}`);
    }
  }
  await context.close();
});

test('sites of different organisations share no origin', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://relay.localhost:${port}/`);
  const other = await readFrom(page, '/sites/beta/');
  assert.equal(other.status, 404, "acme's origin serves no page of another organisation's site");
  const cross = await readFrom(page, `http://beta.localhost:${port}/`);
  assert.ok(cross.error, 'another site is another origin');
  await context.close();
});
