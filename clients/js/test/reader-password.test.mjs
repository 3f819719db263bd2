// A reader signing in to a private site with its shared password in Chromium: the browser opens a
// private page, is sent to the sign-in form, posts the password and lands on the page it asked for.
// The browser's own requests of the signed-out visitor (its automatic /favicon.ico, the stylesheet)
// and a second sign-in tab start no sign-in that would make the form shown refuse its post. On the
// loopback names (/sites/{domain}/…, every site on one host) the signed-in reader's search box and Ask
// AI read the private page, and the session cookie reaches no other site's path nor the dashboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot, seriousViolations } from '../lib/browser.mjs';

const PASSWORD = 'correct horse battery staple';
const PRIVATE = 'PRIVATE-GUIDE-MARKER-8K';

let server;
let browser;
let base;

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-password-'));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Handbook',
    colors: { primary: '#0d9488' },
    navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'Guides', pages: ['guide'] }] },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Welcome\npublic: true\n---\n\nThe handbook of the webhook relay.\n');
  writeFileSync(join(dir, 'guide.mdx'), `---\ntitle: Guide\n---\n\nDeliveries are retried five times. ${PRIVATE}\n`);
  return { domain: 'handbook', path: dir, organization: 'acme' };
}

/** A public site beside it on the same loopback host. */
function otherSite() {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-password-other-'));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Other', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Other\n---\n\nDeliveries of the other site.\n');
  return { domain: 'other', path: dir, organization: 'acme' };
}

before(async () => {
  server = await startServer({
    sites: [site(), otherSite()],
    siteYaml: { handbook: ['reader-auth:', '  method: password', `  password: "${PASSWORD}"`] },
    timeoutMs: 120000,
  });
  base = `http://handbook.localhost:${new URL(server.url).port}`;
  browser = await launchBrowser();
});

after(async () => { await browser?.close(); server?.stop(); });

test('a reader signs in with the password and lands on the page asked for', async () => {
  // The sign-in page's CSP (connect-src 'none') would stop the test's fetch of the site's own files.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${base}/guide?tab=first`);
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(new URL(page.url()).searchParams.get('redirect'), '/guide?tab=first');
  // The browser's own requests beside the page shown (the icon, a script's fetch of a private page):
  // each answers as missing, starting no sign-in that would replace the form's.
  for (const path of ['/favicon.ico', '/guide']) {
    const answer = await page.evaluate((p) => fetch(p, { redirect: 'manual' }).then((r) => `${r.type} ${r.status}`), path);
    assert.equal(answer, 'basic 404', path);
  }

  const second = await context.newPage();
  await second.goto(`${base}/login`);
  await second.close();

  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/guide?tab=first`);
  await screenshot(page, 'reader-password-signed-in');
  assert.match(await page.locator('main').innerText(), new RegExp(PRIVATE));
  const session = (await context.cookies()).find((c) => c.name === 'da_reader');
  assert.ok(session?.httpOnly && session.sameSite === 'Lax', JSON.stringify(await context.cookies()));
  await context.close();
});

test('the sign-in form is a card in the middle of the page, readable in light and dark, on a wide and a narrow screen', async () => {
  for (const colorScheme of ['light', 'dark']) {
    for (const width of [1300, 390]) {
      // bypassCSP: axe is injected as a script of the test.
      const context = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      const card = await page.locator('main.reader-sign-in').boundingBox();
      const field = await page.locator('input[name=password]').boundingBox();
      const at = `${colorScheme} ${width}px`;
      assert.ok(card.width <= 420 && card.width >= Math.min(360, width - 48), `${at}: the card is ${card.width}px wide`);
      assert.ok(Math.abs(card.x - (width - card.x - card.width)) <= 2, `${at}: centred (${card.x}px from the left)`);
      assert.ok(field.width > card.width - 80, `${at}: the field fills the card (${field.width}px)`);
      assert.deepEqual(await seriousViolations(page), [], at);
      await screenshot(page, `reader-password-form-${colorScheme}-${width}`);
      await context.close();
    }
  }
});

test("the sign-in form wears the site's colours and name, under its own policy (no CSP bypass)", async () => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  const refused = [];
  page.on('console', (m) => { if (/Content Security Policy/.test(m.text())) refused.push(m.text()); });
  await page.goto(`${base}/login`);
  assert.equal(await page.title(), 'Sign in · Handbook');
  assert.equal(await page.locator('.reader-sign-in-site').innerText(), 'Handbook');
  const button = await page.locator('button[type=submit]').evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.equal(button, 'rgb(13, 148, 136)', 'the button in the site primary colour');
  assert.deepEqual(refused, []);
  await context.close();
});

test('a wrong password shows the form again with the reason, and the right one then signs in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/guide`);
  await page.fill('input[name=password]', 'not the password');
  await page.click('button[type=submit]');
  await page.waitForSelector('[role=alert]');
  assert.doesNotMatch(await page.content(), new RegExp(PRIVATE));
  assert.doesNotMatch(await page.locator('[role=alert]').innerText(), /expired/);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/guide`);
  assert.match(await page.locator('main').innerText(), new RegExp(PRIVATE));
  await context.close();
});

test("on the loopback names the reader's search box and Ask AI read the private page, and the cookie stays on the site's path", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.allHeaders().then((h) => ({ path: new URL(r.url()).pathname, cookie: h.cookie ?? '' }))));
  const loopback = `${server.url}/sites/handbook`;
  await page.goto(`${loopback}/guide`);
  assert.equal(new URL(page.url()).pathname, '/sites/handbook/login');
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(`${loopback}/guide`);
  const session = (await context.cookies()).find((c) => c.name === 'da_reader');
  assert.equal(session?.path, '/sites/handbook/', JSON.stringify(await context.cookies()));

  await page.goto(`${loopback}/`);
  await page.click('form.search input');
  await page.keyboard.type('retried five times');
  await page.waitForSelector('dialog.search-dialog a.search-hit');
  assert.match(await page.locator('dialog.search-dialog').innerText(), new RegExp(PRIVATE), 'the search box finds the private page');
  await page.keyboard.press('Escape');

  await page.click('[data-open-assistant]');
  await page.fill('.assistant-form textarea', 'How many times are deliveries retried?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  const answer = await page.locator('.message-assistant').first().innerText();
  assert.match(answer, /retried five times/i, answer);
  await screenshot(page, 'reader-password-loopback');

  // Another site on the same host, its search box, and the dashboard: none is sent the reader's cookie.
  await page.goto(`${server.url}/sites/other/`);
  await page.click('form.search input');
  await page.keyboard.type('deliveries');
  await page.waitForSelector('dialog.search-dialog a.search-hit');
  await page.goto(`http://dashboard.localhost:${new URL(server.url).port}/dashboard/`).catch(() => {});
  const seen = await Promise.all(requests.map((r) => r.catch(() => ({ path: '(gone)', cookie: '' }))));
  const api = seen.filter((r) => r.path.startsWith('/sites/handbook/_api/'));
  assert.ok(api.some((r) => r.path.endsWith('/v1/search/handbook')) && api.some((r) => r.path.endsWith('/v2/assistant/handbook/message')),
    JSON.stringify(seen.map((r) => r.path)));
  assert.ok(api.every((r) => r.cookie.includes(`da_reader=${session.value}`)), 'the site\'s API calls carry the cookie');
  const elsewhere = seen.filter((r) => !r.path.startsWith('/sites/handbook/'));
  assert.ok(elsewhere.some((r) => r.path.startsWith('/sites/other/_api/v1/search/other')), JSON.stringify(elsewhere.map((r) => r.path)));
  assert.ok(elsewhere.some((r) => r.path.startsWith('/dashboard')), JSON.stringify(elsewhere.map((r) => r.path)));
  assert.deepEqual(elsewhere.filter((r) => r.cookie.includes('da_reader=')), [], 'no other path is sent the cookie');
  await context.close();
});
