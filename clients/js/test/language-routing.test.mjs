// A site's root in Chromium with docs.json "languageRouting": true (server/src/test/resources/language-routing):
// the browser's languages (its locale, or an Accept-Language header) land it on the matching language; a
// language picked in the language menu is remembered in a cookie of the site's host and path, and the root
// then stays in that language whatever the browser prefers. Interface text and direction follow the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot, watchedPage } from '../lib/browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let server;
let browser;
let base;

before(async () => {
  server = await startServer({ sites: [{ domain: 'polyglot', path: join(repo, 'server', 'src', 'test', 'resources', 'language-routing') }] });
  base = server.url + '/sites/polyglot';
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

const newPage = (options) => watchedPage(browser, { viewport: { width: 1280, height: 800 }, ...options });

const path = (page) => new URL(page.url()).pathname;

test("the browser's locale and its Accept-Language choose the language of the root", async () => {
  const french = await newPage({ locale: 'fr-FR' });
  await french.goto(base + '/');
  assert.equal(path(french), '/sites/polyglot/fr');
  assert.equal(await french.locator('html').getAttribute('lang'), 'fr');
  assert.equal(await french.locator('h1').textContent(), 'Bienvenue');
  assert.equal(await french.locator('.skip-link').textContent(), 'Aller au contenu');
  await french.context().close();

  const taiwan = await newPage({ extraHTTPHeaders: { 'Accept-Language': 'zh-TW,zh;q=0.9,en;q=0.5' } });
  await taiwan.goto(base + '/');
  assert.equal(path(taiwan), '/sites/polyglot/zh-Hant');
  assert.equal(await taiwan.locator('html').getAttribute('lang'), 'zh-Hant');
  assert.equal(await taiwan.locator('form.search input[type=search]').getAttribute('placeholder'), '搜尋…');
  await taiwan.context().close();

  const arabic = await newPage({ locale: 'ar-EG' });
  await arabic.goto(base + '/');
  assert.equal(path(arabic), '/sites/polyglot/ar');
  assert.equal(await arabic.evaluate(() => document.dir), 'rtl');
  assert.equal(await arabic.evaluate(() => getComputedStyle(document.querySelector('.prose')).direction), 'rtl');
  assert.ok(await arabic.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing overflows to the left');
  const [search, brand] = await Promise.all(['form.search', '.brand'].map((s) => arabic.locator(s).first().boundingBox()));
  assert.ok(brand.x > search.x, 'the site name at the right, the search box left of it');
  await screenshot(arabic, 'language-routing-ar');
  assert.deepEqual([...arabic.errors, ...(await arabic.evaluate(() => window.__violations))], []);
  await arabic.context().close();

  const german = await newPage({ locale: 'de-DE' });
  await german.goto(base + '/');
  assert.equal(path(german), '/sites/polyglot/', 'no language of the site matches: the default one');
  assert.equal(await german.locator('html').getAttribute('lang'), 'en');
  await german.context().close();
});

test('English picked in the language menu sticks, whatever the browser prefers', async () => {
  const page = await newPage({ locale: 'fr-FR' });
  await page.goto(base + '/');
  assert.equal(path(page), '/sites/polyglot/fr');
  await page.locator('.switcher-language summary').click();
  await Promise.all([page.waitForURL(base + '/'), page.locator('.switcher-language a[data-language=en]').click()]);
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');

  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'docs_language');
  assert.ok(cookie, 'the pick is remembered: ' + JSON.stringify(cookies));
  assert.equal(cookie.value, 'en');
  assert.equal(cookie.path, '/sites/polyglot/', "the site's own path");
  assert.equal(cookie.domain, new URL(server.url).hostname, "the site's own host, no wider");
  assert.equal(cookie.httpOnly, false);
  assert.equal(cookie.sameSite, 'Lax');

  await page.goto(base + '/');
  assert.equal(path(page), '/sites/polyglot/', 'the root is no longer routed to French');
  assert.equal(await page.locator('h1').textContent(), 'Welcome');
  await page.goto(base + '/guide');
  await page.goto(base + '/');
  assert.equal(path(page), '/sites/polyglot/');
  assert.deepEqual([...page.errors, ...(await page.evaluate(() => window.__violations))], []);
  await page.context().close();
});
