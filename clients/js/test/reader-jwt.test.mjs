// Readers signing in through the customer's own login (the JWT redirect flow) in Chromium. The test
// plays the customer: it has the site make its Ed25519 key pair (the admin API), and a small local
// login server signs the reader's user data (Mintlify's format: expiresAt, groups, content,
// apiPlaygroundInputs) with jose and sends the browser to /login/jwt-callback#<jwt>. The reader ends
// on the page asked for with their group's pages; in jwt-personalization mode the page shows the
// reader's content values, escaped. A tampered token is refused with a page of the site saying why,
// with a link that signs in again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, importPKCS8 } from 'jose';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const ADMIN = 'an-admin-token-of-the-jwt-browser-test-000';
const GUIDE = 'SIGNED-IN-GUIDE-MARKER-4J';
const ADMINS = 'ADMIN-GROUP-MARKER-9W';
const BILLING = 'BILLING-GROUP-MARKER-2V';

let server;
let browser;
let port;
let customer;
const keys = {};
/** The user data the customer's login signs next, per site. */
const reader = { groups: ['admin'], content: { firstName: '<b>Jane</b>', org: { plan: 'Pro' } }, apiPlaygroundInputs: { header: { 'X-Api-Key': 'k-123' } } };

function site(domain) {
  const dir = mkdtempSync(join(tmpdir(), `docs-assistant-jwt-${domain}-`));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Portal', navigation: { groups: [{ group: 'Docs', pages: ['index', 'welcome', 'guide', 'admin', 'billing'] }] },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Home\npublic: true\n---\n\nThe portal.\n');
  writeFileSync(join(dir, 'welcome.mdx'), '---\ntitle: Welcome\npublic: true\n---\n\nHello {user.firstName}! Your plan: {user.org?.plan}.\n');
  writeFileSync(join(dir, 'guide.mdx'), `---\ntitle: Guide\n---\n\nThe guide says ${GUIDE}.\n`);
  writeFileSync(join(dir, 'admin.mdx'), `---\ntitle: Admin\ngroups: [admin]\n---\n\nOnly admins read ${ADMINS}.\n`);
  writeFileSync(join(dir, 'billing.mdx'), `---\ntitle: Billing\ngroups: [billing]\n---\n\nOnly billing reads ${BILLING}.\n`);
  return { domain, path: dir, organization: 'acme' };
}

/** The admin API's answer to making a site's key pair (on the dashboard's host). */
const makeKey = (domain) => new Promise((ok, fail) => {
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: `/admin/v1/sites/${domain}/reader-auth/jwt-key`,
    headers: { host: `dashboard.localhost:${port}`, authorization: `Bearer ${ADMIN}` } }, (res) => {
    let body = '';
    res.on('data', (c) => { body += c; });
    res.on('end', () => (res.statusCode === 201 ? ok(JSON.parse(body)) : fail(new Error(`${res.statusCode} ${body}`))));
  });
  req.on('error', fail);
  req.end();
});

/** The customer's login: signs the reader in (no form here) and sends the browser back with the token. */
async function customerLogin(req, res) {
  const url = new URL(req.url, 'http://customer');
  const domain = url.pathname.split('/')[1];
  const jwt = await new SignJWT({ expiresAt: Math.floor(Date.now() / 1000) + 3600, ...reader })
    .setProtectedHeader({ alg: 'EdDSA' }).setIssuedAt().setExpirationTime('2m').sign(keys[domain]);
  const back = new URLSearchParams({ redirect: url.searchParams.get('redirect') ?? '/' });
  res.writeHead(302, { location: `http://${domain}.localhost:${port}/login/jwt-callback?${back}#${jwt}` });
  res.end();
}

before(async () => {
  customer = createServer((req, res) => customerLogin(req, res).catch((e) => { res.statusCode = 500; res.end(String(e)); }));
  await new Promise((ok) => customer.listen(0, '127.0.0.1', ok));
  const login = `http://127.0.0.1:${customer.address().port}`;
  server = await startServer({
    sites: [site('portal'), site('perso')],
    yaml: [`security: {admin-token: ${ADMIN}}`],
    siteYaml: {
      portal: ['reader-auth: {method: jwt, jwt: {login-url: "' + login + '/portal/docs-login"}}'],
      perso: ['reader-auth: {method: jwt-personalization, jwt: {login-url: "' + login + '/perso/docs-login"}}'],
    },
    timeoutMs: 120000,
  });
  port = new URL(server.url).port;
  for (const domain of ['portal', 'perso']) {
    keys[domain] = await importPKCS8((await makeKey(domain)).privateKey, 'EdDSA');
  }
  browser = await launchBrowser();
});

after(async () => { await browser?.close(); server?.stop(); customer?.close(); });

test("the customer's login signs the reader in, back on the page asked for, with their group's pages", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://portal.localhost:${port}/admin`);
  await page.waitForURL(`http://portal.localhost:${port}/admin`);
  await screenshot(page, 'reader-jwt-signed-in');
  assert.match(await page.locator('main').innerText(), new RegExp(ADMINS));
  const nav = await page.locator('.sidebar').innerText();
  assert.match(nav, /Admin/);
  assert.doesNotMatch(nav, /Billing/);
  const billing = await page.goto(`http://portal.localhost:${port}/billing`);
  assert.equal(billing.status(), 404, "another group's page answers as a missing page");
  assert.doesNotMatch(await page.content(), new RegExp(BILLING));
  await page.goto(`http://portal.localhost:${port}/guide`);
  assert.match(await page.locator('main').innerText(), new RegExp(GUIDE));
  assert.ok((await context.cookies()).some((c) => c.name === 'da_reader' && c.httpOnly));
  await context.close();
});

test("in jwt-personalization mode the page shows the reader's values, escaped", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://perso.localhost:${port}/welcome`);
  assert.match(await page.locator('main').innerText(), /Hello ! Your plan: \./, 'not signed in: empty values');
  await page.goto(`http://127.0.0.1:${customer.address().port}/perso/docs-login?redirect=%2Fwelcome`);
  await page.waitForURL(`http://perso.localhost:${port}/welcome`);
  assert.match(await page.locator('main').innerText(), /Hello <b>Jane<\/b>! Your plan: Pro\./, 'the value as text, not markup');
  assert.equal(await page.locator('main b').count(), 0, 'no element made of the value');
  await context.close();
});

test('a tampered token is refused with a clear message and signs no one in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const good = await new SignJWT({ expiresAt: Math.floor(Date.now() / 1000) + 3600, groups: [] })
    .setProtectedHeader({ alg: 'EdDSA' }).setIssuedAt().setExpirationTime('2m').sign(keys.portal);
  const [head, , signature] = good.split('.');
  const widened = Buffer.from(JSON.stringify({ expiresAt: Math.floor(Date.now() / 1000) + 3600, groups: ['billing'],
    exp: Math.floor(Date.now() / 1000) + 120 })).toString('base64url');
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/login/jwt-callback'));
  await page.goto(`http://portal.localhost:${port}/login/jwt-callback?redirect=%2Fbilling#${head}.${widened}.${signature}`);
  assert.equal((await refused).status(), 401);
  await page.waitForSelector('[role=alert]');
  // A page of the site (its layout and stylesheet), the reason, and a way back to sign in.
  assert.equal(await page.locator('header.topbar').count(), 1);
  assert.equal(await page.locator('h1').innerText(), 'Sign-in failed');
  assert.equal(await page.locator('[role=alert]').innerText(), "the token is not signed with this site's key");
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /"message"/, 'no raw JSON');
  assert.doesNotMatch(text, new RegExp(BILLING));
  assert.ok(!(await context.cookies()).some((c) => c.name === 'da_reader'), 'no session');
  await screenshot(page, 'reader-jwt-refused');
  assert.equal(await page.locator('a.reader-sign-in-again').getAttribute('href'), '/login?redirect=%2Fbilling');
  await page.click('a.reader-sign-in-again');
  await page.waitForURL(`http://portal.localhost:${port}/billing`);
  assert.ok((await context.cookies()).some((c) => c.name === 'da_reader'), 'the link signed the reader in again');
  assert.doesNotMatch(await page.content(), new RegExp(BILLING), 'as the admin reader: still not the billing page');
  await context.close();
});
