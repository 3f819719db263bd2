// An endpoint page of the API reference in Chromium (the fixture site of the Java tests,
// server/src/test/resources/api-sites/petstore): axe-core finds no violation of any impact in either theme, the
// page trips no Content-Security-Policy, reads in one column on a narrow screen without sideways
// scrolling, its request samples are the site's code tabs, and a titled example group's title is
// readable on the code's surface. Screenshots in artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot, allViolations, watchedPage } from '../lib/browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PAGES = ['/reference/pets/create-a-pet', '/reference/pets/get-a-pet', '/pet-page', '/api-reference/pet-events', '/pet-by-hand'];
let server;
let browser;
let base;

before(async () => {
  server = await startServer({ sites: [{ domain: 'pets', path: join(repo, 'server', 'src', 'test', 'resources', 'api-sites', 'petstore') }] });
  base = server.url + '/sites/pets';
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

const newPage = (options) => watchedPage(browser, options);

test('axe-core finds no violation at all on API pages, light and dark', async () => {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    // axe is injected as a script of the test: this context lets it past the page's policy.
    const page = await newPage({ bypassCSP: true, colorScheme: scheme });
    for (const path of PAGES) {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      // Every collapsed part open, so axe checks the whole tree.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      found.push(...(await allViolations(page)).map((v) => `${scheme} ${path}: ${v}`));
    }
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('the endpoint page keeps to its policy, makes its samples code tabs and fits a narrow screen', async () => {
  const page = await newPage({ colorScheme: 'light' });
  await page.goto(base + '/reference/pets/create-a-pet');
  await page.waitForLoadState('networkidle');
  assert.equal(await page.textContent('.api-method'), 'POST');
  assert.ok(await page.isVisible('.api-request-examples'), 'the request samples');
  await screenshot(page, 'api-endpoint-light');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const dark = await newPage({ colorScheme: 'dark' });
  await dark.goto(base + '/reference/pets/get-a-pet');
  await dark.waitForLoadState('networkidle');
  await screenshot(dark, 'api-endpoint-dark');
  const tabs = await dark.locator('.api-request-examples [role="tab"]').allTextContents();
  assert.deepEqual(tabs, ['cURL', 'Python', 'JavaScript', 'Go', 'Java'], 'one tab per language');
  await dark.context().close();

  const narrow = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, colorScheme: 'light' });
  for (const path of PAGES) {
    await narrow.goto(base + path);
    await narrow.waitForLoadState('networkidle');
    await narrow.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px`);
  }
  await narrow.goto(base + '/reference/pets/create-a-pet');
  await screenshot(narrow, 'api-endpoint-narrow');
  await narrow.context().close();
});

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the title of a request or response example group reads on the code surface, light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme });
    await page.goto(base + '/pet-by-hand');
    await page.waitForLoadState('networkidle');
    const titles = await page.evaluate(() => [...document.querySelectorAll('.code-group-ready > .code-group-title')].map((t) => {
      let surface = t;
      while (surface && getComputedStyle(surface).backgroundColor.replace(/\s/g, '').match(/rgba\(.*,0\)|transparent/)) {
        surface = surface.parentElement;
      }
      return { text: t.textContent, color: getComputedStyle(t).color, background: getComputedStyle(surface ?? document.body).backgroundColor };
    }));
    assert.deepEqual(titles.map((t) => t.text), ['Request example', 'Response example'], scheme);
    for (const t of titles) {
      const ratio = contrast(t.color, t.background);
      assert.ok(ratio >= 4.5, `${scheme} "${t.text}": ${t.color} on ${t.background} is ${ratio.toFixed(2)}:1`);
    }
    await screenshot(page, `api-examples-${scheme}`);
    await page.context().close();
  }
});
