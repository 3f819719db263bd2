// The writer's loop in Chromium: `docs-assistant dev` serves a temp copy of a small site at the root of
// localhost; saving a page reloads the open tab with the new text, a broken docs.json shows an overlay
// with file, line and column (the last good version still serves), and fixing it reloads the tab.
// A broken link is applied and shown over the reloaded tab, placed at file, line and column.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, screenshot } from '../lib/browser.mjs';
import { tempDir } from '../lib/tmp.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DOCS_JSON = JSON.stringify({
  name: 'Relay', navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/retries'] }] },
}, null, 2);
let site;
let server;
let browser;
let base;

function write(rel, text) {
  mkdirSync(dirname(join(site, rel)), { recursive: true });
  writeFileSync(join(site, rel), text);
}

before(async () => {
  site = tempDir('docs-assistant-dev-site-');
  write('docs.json', DOCS_JSON);
  write('index.mdx', '---\ntitle: Relay\n---\n\nWebhook delivery for busy teams.\n');
  write('guides/retries.mdx', '---\ntitle: Retries\n---\n\n## Backoff\n\nFailed deliveries are retried with backoff.\n');
  const javaHome = execFileSync(join(repo, 'bin', 'java-home')).toString().trim();
  server = spawn(join(javaHome, 'bin', 'java'), ['--enable-native-access=ALL-UNNAMED', '-jar',
    join(repo, 'server', 'target', 'docs-assistant.jar'), 'dev', site, '--port', '0',
    '--embedding-cache', join(repo, 'server', 'target', 'embedding-cache')], { stdio: ['ignore', 'pipe', 'pipe'] });
  server.out = '';
  server.stdout.on('data', (b) => { server.out += b; });
  server.stderr.on('data', (b) => { server.out += b; });
  const deadline = Date.now() + 120000;
  while (!/dev: ready/.test(server.out)) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('dev did not start: ' + server.out);
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.out)[1];
  base = `http://localhost:${port}`;
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.kill(); });

async function followingTab(path) {
  const page = await browser.newPage();
  page.loads = 0;
  page.on('load', () => { page.loads++; });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.docsAssistantDev === 'connected');
  return page;
}

test('the site is served at the root of localhost, with its data in a git-ignored folder of its own', async () => {
  const res = await fetch(base + '/guides/retries');
  assert.equal(res.status, 200);
  assert.match(await res.text(), /Failed deliveries are retried/);
  assert.match(readFileSync(join(site, '.docs-assistant', '.gitignore'), 'utf8'), /^\*$/m);
  // Search answers callers on this machine without a key (only dev does so).
  const search = await fetch(base.replace('localhost', '127.0.0.1') + '/v1/search/' + site.split('/').at(-1).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, ''), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'backoff' }),
  });
  assert.equal(search.status, 200, await search.clone().text());
  assert.match(JSON.stringify(await search.json()), /guides\/retries/);
});

test('saving a page reloads the open tab with the new text', async () => {
  const page = await followingTab('/guides/retries');
  assert.equal(page.loads, 1);
  const saved = Date.now();
  write('guides/retries.mdx', '---\ntitle: Retries\n---\n\n## Backoff\n\nPelicans carry every failed delivery home.\n');
  await page.waitForFunction(() => document.body.innerText.includes('Pelicans carry every failed delivery'), null, { timeout: 10000 });
  const took = Date.now() - saved;
  assert.equal(page.loads, 2, 'the tab reloaded by itself');
  assert.deepEqual(await page.evaluate(() => window.__violations), [], 'the reload script keeps within the CSP');
  console.log(`saved file to reloaded tab: ${took} ms`);
  assert.match(server.out, /changed guides\/retries\.mdx: 1 page re-indexed/);
  await page.close();
});

test('a broken docs.json is shown over the page with file, line and column; fixing it reloads', async () => {
  const page = await followingTab('/');
  write('docs.json', '{\n  "name": "Relay",\n  "navigation": {"groups": [\n    {"group": "Start" "pages": ["index"]}\n  ]}\n}\n');
  const overlay = page.locator('#docs-assistant-dev-overlay');
  await overlay.waitFor({ timeout: 10000 });
  const text = await overlay.innerText();
  assert.match(text, /docs\.json:4:23/);
  assert.match(text, /invalid JSON/);
  await screenshot(page, 'dev-overlay');
  assert.match(server.out, /docs\.json:4:23: invalid JSON/, 'the terminal says it too');
  // The last good version keeps serving, and a tab opened now shows the overlay at once.
  const res = await fetch(base + '/guides/retries');
  assert.equal(res.status, 200);
  assert.match(await res.text(), /Pelicans carry/);
  const other = await followingTab('/guides/retries');
  await other.locator('#docs-assistant-dev-overlay').waitFor({ timeout: 5000 });

  write('docs.json', DOCS_JSON);
  await page.waitForFunction(() => !document.getElementById('docs-assistant-dev-overlay') && document.readyState === 'complete', null, { timeout: 10000 });
  await other.waitForFunction(() => !document.getElementById('docs-assistant-dev-overlay'), null, { timeout: 10000 });
  assert.ok(page.loads >= 2, 'the fixed site reloaded the tab');
  await page.close();
  await other.close();
});

test('a broken link is served, and shown over the reloaded tab and in the terminal with file, line and column', async () => {
  const page = await followingTab('/guides/retries');
  write('guides/retries.mdx', '---\ntitle: Retries\n---\n\n## Backoff\n\n'
    + 'Pelicans carry every failed delivery home. See [the schedule](/guides/schedule).\n');
  const overlay = page.locator('#docs-assistant-dev-overlay');
  await overlay.waitFor({ timeout: 10000 });
  const text = await overlay.innerText();
  assert.match(text, /guides\/retries\.mdx:7:63/);
  assert.match(text, /broken link: \/guides\/schedule is not a page or file of the site/);
  assert.match(text, /Your change is served/, 'a broken link holds nothing back');
  assert.ok(page.loads >= 2, 'the tab reloaded with the change');
  assert.match(await page.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText), /See the schedule/);
  assert.match(server.out, /warning: guides\/retries\.mdx:7:63: broken link: \/guides\/schedule/, 'the terminal says it too');
  await screenshot(page, 'dev-overlay-broken-link');

  write('guides/retries.mdx', '---\ntitle: Retries\n---\n\n## Backoff\n\n'
    + 'Pelicans carry every failed delivery home. See [the retries](/guides/retries).\n');
  await page.waitForFunction(() => !document.getElementById('docs-assistant-dev-overlay')
    && document.body.innerText.includes('See the retries'), null, { timeout: 10000 });
  await page.close();
});
