// docs.json `contextual` and `assistant` as a reader meets them in Chromium: the page menu opened and
// driven by the keyboard alone (menu button pattern), copying the page's Markdown and the MCP URL,
// opening an AI tool with the page's URL, nothing tripping the site's Content-Security-Policy and
// nothing serious for axe-core; the empty Ask AI panel offering the site's starter questions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { validateDocsConfig } from '@mintlify/validation';
import { startServer } from '../lib/server.mjs';
import { launchBrowser } from '../lib/browser.mjs';
import { tempDir } from '../lib/tmp.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'svc_dsc_' + 'browserMenuTestKeyForTheRelaySite_0123456789abcd';
const STARTERS = ['How are failed deliveries retried?', 'How do I verify a signature?'];
let server;
let browser;
let base;

const DOCS = {
  $schema: 'https://mintlify.com/docs.json', name: 'Relay', theme: 'mint', colors: { primary: '#166e3f' },
  navigation: { groups: [{ group: 'Guides', pages: ['index', 'retries', 'signatures'] }] },
  contextual: { options: ['copy', 'view', 'chatgpt', 'claude', 'perplexity', 'mcp', 'cursor', 'vscode'] },
  assistant: { starterQuestions: STARTERS, handoff: { label: 'Contact support', url: 'https://relay.example/support' } },
};

function relaySite() {
  const dir = tempDir('docs-assistant-menu-');
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(DOCS));
  mkdirSync(join(dir, '.mintlify'));
  writeFileSync(join(dir, '.mintlify', 'Assistant.md'), 'Answer briefly.\n');
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Relay\n---\n\nRelay delivers webhooks for busy teams.\n');
  writeFileSync(join(dir, 'retries.mdx'), '---\ntitle: Retries\ndescription: How failed deliveries are retried\n---\n\n'
    + '## Retry schedule\n\nFailed deliveries are retried five times with exponential backoff, the last one after a day.\n');
  writeFileSync(join(dir, 'signatures.mdx'), '---\ntitle: Signatures\n---\n\nEvery delivery is signed with HMAC-SHA256; '
    + 'verify a signature by computing the HMAC of the raw body with your signing secret.\n');
  return { domain: 'relay', path: dir };
}

before(async () => {
  server = await startServer({ sites: [relaySite()], siteYaml: { relay: [`assistant-key: ${KEY}`] } });
  base = server.url + '/sites/relay';
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/** A page that records CSP violations, errors and the addresses of other hosts it tried (all refused). */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  page.errors = [];
  page.external = [];
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await context.route('**/*', (route) => {
    const url = route.request().url();
    const host = new URL(url).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    page.external.push(url);
    return route.abort();
  });
  return page;
}

const focused = (page) => page.evaluate(() => ({
  ctx: document.activeElement?.dataset.ctx ?? null, id: document.activeElement?.id ?? null,
}));

test("Mintlify's own validator accepts the same docs.json (it drops the assistant key)", async () => {
  const result = await validateDocsConfig(DOCS);
  assert.ok(result.success, JSON.stringify(result.error?.issues));
});

test('the page names its Markdown twin for agents', async () => {
  const page = await newPage();
  await page.goto(base + '/retries');
  const href = await page.getAttribute('link[rel="alternate"][type="text/markdown"]', 'href');
  assert.equal(href, '/sites/relay/retries.md');
  const twin = await fetch(server.url + href);
  assert.equal(twin.status, 200);
  assert.match(await twin.text(), /retried five times/);
  const llms = await (await fetch(base + '/llms.txt')).text();
  assert.ok(llms.includes(`${base}/mcp`), llms);
  await page.context().close();
});

test('the menu opens, moves and closes by keyboard, and copies the page and the MCP URL', async () => {
  const page = await newPage();
  await page.goto(base + '/retries');
  const toggle = page.locator('#da\\:ctx-button');
  await toggle.waitFor({ state: 'visible' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  // Tab from the primary button (the first option, "Copy page") to the menu button.
  await page.focus('.contextual-primary');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).id, 'da:ctx-button');
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.isVisible('[role="menu"]'));
  assert.equal((await focused(page)).ctx, 'copy', 'Enter opens on the first item');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).ctx, 'view');
  await page.keyboard.press('End');
  assert.equal((await focused(page)).ctx, 'vscode');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).ctx, 'copy', 'the focus wraps around');
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(!(await page.isVisible('[role="menu"]')));
  assert.equal((await focused(page)).id, 'da:ctx-button', 'Escape returns to the button');

  // Copy page: the Markdown twin lands on the clipboard.
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).ctx, 'copy');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.contextual-status')?.textContent === 'Copied');
  const markdown = await (await fetch(base + '/retries.md')).text();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), markdown);
  assert.equal((await focused(page)).id, 'da:ctx-button', 'the menu closes on the button after an action');

  // ↑ opens on the last item; from there to "Copy MCP server URL".
  await page.keyboard.press('ArrowUp');
  assert.equal((await focused(page)).ctx, 'vscode');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal((await focused(page)).ctx, 'mcp');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.endsWith('/mcp')));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), base + '/mcp');

  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('AI tools open with the page URL; editors get the MCP server', async () => {
  const page = await newPage();
  await page.goto(base + '/retries');
  await page.focus('#da\\:ctx-button');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).ctx, 'claude');
  const popup = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  await (await popup).waitForLoadState().catch(() => {});
  const claude = page.external.find((u) => u.startsWith('https://claude.ai/'));
  assert.ok(claude, page.external.join(', '));
  assert.equal(new URL(claude).searchParams.get('q'), `Read ${base}/retries so I can ask questions about it.`);
  const cursor = await page.getAttribute('[role="menu"] [data-ctx="cursor"]', 'href');
  const config = new URL(cursor).searchParams.get('config');
  assert.deepEqual(JSON.parse(Buffer.from(config, 'base64').toString()), { url: base + '/mcp' });
  const vscode = await page.getAttribute('[role="menu"] [data-ctx="vscode"]', 'href');
  assert.deepEqual(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length))),
    { name: 'relay', type: 'http', url: base + '/mcp' });
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.context().close();
});

test('axe-core finds nothing serious with the menu open', async () => {
  const page = await newPage({ bypassCSP: true });
  await page.goto(base + '/retries');
  await page.click('#da\\:ctx-button');
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(serious, []);
  await page.context().close();
});

test('the empty panel offers the starter questions; one asks and they give way to the answer', async () => {
  const page = await newPage();
  await page.goto(base + '/retries');
  await page.click('[data-open-assistant]');
  await page.waitForSelector('aside.assistant:not([hidden])');
  const starters = page.locator('[data-starters] [data-starter]');
  assert.deepEqual(await starters.allTextContents(), STARTERS);
  assert.ok(await page.isVisible('[data-starters]'));
  await starters.first().click();
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  assert.match(await page.textContent('.message-user'), /How are failed deliveries retried\?/);
  assert.ok(!(await page.isVisible('[data-starters]')), 'a conversation hides them');
  // A question the site does not cover: the abstention carries the site's hand-off link.
  await page.fill('.assistant-form textarea', 'How do I bake sourdough bread in a wood-fired oven?');
  await page.click('.assistant-form button[type=submit]');
  const handoff = page.locator('.message-assistant a[href="https://relay.example/support"]');
  await handoff.waitFor({ timeout: 30000 });
  assert.equal(await handoff.textContent(), 'Contact support');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
