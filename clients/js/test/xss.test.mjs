// Content safety in a real browser (Debian's Chromium through playwright-core). The hostile site
// (server/src/test/java/dev/docsassistant/testing/HostileSite.java: XSS vectors in raw HTML,
// Markdown links, component attributes, front matter, docs.json fields, search queries, 404 paths
// and redirects) is served by the real server; every page is loaded with its Content-Security-Policy
// header removed, every link is clicked, and the assistant answers from a page with hostile links.
// Nothing may run: any alert/confirm/prompt is a failure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let server;
let browser;
let requests;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-hostile-'));
  const testClasses = join(repo, 'server', 'target', 'test-classes');
  if (!existsSync(join(testClasses, 'dev/docsassistant/testing/HostileSite.class'))) {
    throw new Error('server/target/test-classes has no HostileSite: run the Maven build (bin/test does) first');
  }
  const java = join(execFileSync(join(repo, 'bin', 'java-home')).toString().trim(), 'bin', 'java');
  const cp = [testClasses, join(repo, 'server', 'target', 'docs-assistant.jar')].join(':');
  requests = execFileSync(java, ['-cp', cp, 'dev.docsassistant.testing.HostileSite', dir]).toString().trim().split('\n');
  server = await startServer({ sites: [{ domain: 'hostile', path: dir }], timeoutMs: 120000 });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/**
 * A page whose documents arrive without their CSP. Once `page.clicking` is set, a navigation the
 * page starts (a clicked link) is aborted, which leaves the document in place for the next click.
 */
async function hostilePage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.ran = [];
  page.on('dialog', (d) => { page.ran.push(`${d.type()}: ${d.message()} on ${page.url()}`); d.dismiss().catch(() => {}); });
  await context.route('**/*', async (route) => {
    const request = route.request();
    // 'aborted' (not 'failed'), so that Chromium shows no error page in place of the document.
    if (page.clicking && request.isNavigationRequest()) return route.abort('aborted');
    if (new URL(request.url()).hostname !== '127.0.0.1') return route.abort(); // nothing leaves the machine
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    return route.fulfill({ response, headers });
  });
  return page;
}

async function load(page, path) {
  page.clicking = false;
  await page.goto(`${server.url}/sites/hostile${path}`, { waitUntil: 'load' });
  page.clicking = true;
}

/**
 * Clicks every link of the page (or of one part of it), hidden ones too, one at a time. A click that
 * still replaces the document (the request is refused, so this is rare) reloads the page and goes on.
 */
async function clickEveryLink(page, path, scope = 'body') {
  const count = await page.evaluate((s) => document.querySelector(s).querySelectorAll('a').length, scope);
  for (let i = 0; i < count; i++) {
    try {
      await page.evaluate(([s, n]) => document.querySelector(s).querySelectorAll('a')[n]?.click(), [scope, i]);
    } catch (e) {
      if (!/context was destroyed/.test(e.message)) throw e;
      page.reloads = (page.reloads ?? 0) + 1;
      await load(page, path);
    }
  }
  await page.waitForTimeout(200); // javascript: URLs run in a task of their own
  return count;
}

test('the test would see script run: a javascript: link runs once the CSP is stripped', async () => {
  const page = await hostilePage();
  await load(page, '/raw');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = 'jav\tascript:alert("control")';
    document.body.append(a);
    a.click();
  });
  await page.waitForTimeout(200);
  assert.equal(page.ran.length, 1, 'the control link ran');
  await page.context().close();
});

test('no vector runs on any page, nor when any link is clicked, without the CSP', async () => {
  const page = await hostilePage();
  let clicked = 0;
  for (const path of requests) {
    await load(page, path);
    // The content pages carry every link vector; the search, 404 and redirect pages put vectors in
    // their titles and text, with the same layout links.
    if (!path.startsWith('/_search') && !path.startsWith('/missing/') && !path.startsWith('/r')) {
      clicked += await clickEveryLink(page, path);
    }
  }
  await screenshot(page, 'hostile-last');
  assert.deepEqual(page.ran, []);
  assert.ok(requests.length > 25 && clicked > 250, `${requests.length} pages, ${clicked} links clicked`);
  console.log(`# ${requests.length} pages loaded, ${clicked} links clicked, ${page.reloads ?? 0} reloads`);
  await page.context().close();
});

test('a heading named like the layout leaves Ask AI working; the answer quoting hostile links runs nothing', async () => {
  const page = await hostilePage();
  await load(page, '/clobbering');
  assert.equal(await page.locator('h2#assistant').count(), 1);
  // A click event, as the button may sit under the many hostile navbar links.
  await page.locator('header [data-open-assistant]').dispatchEvent('click');
  const panel = '[id="da:assistant"]'; // the layout's panel; the page holds a fake aside.assistant
  await page.locator(`${panel} textarea`).fill('hostile deliveries retry schedule quoted link');
  await page.locator(`${panel} button[type=submit]`).click();
  const answer = page.locator(`${panel} .message-assistant`).first();
  await answer.waitFor();
  await page.waitForFunction((p) => ['ready', 'error'].includes(document.querySelector(p).dataset.status), panel);
  assert.equal(await page.locator(panel).getAttribute('data-status'), 'ready', await page.locator(panel).innerText());
  assert.match(await answer.innerText(), /quoted link/, 'the answer quotes the passage with the hostile links');
  const links = await clickEveryLink(page, '/clobbering', panel);
  assert.ok(links > 0, 'the answer has its source links');
  await screenshot(page, 'hostile-assistant');
  assert.deepEqual(page.ran, []);
  await page.context().close();
});
