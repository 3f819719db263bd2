// The rendered docs sites in a real browser (Debian's Chromium through playwright-core): navigation,
// switchers, injected integrations, search, and the assistant panel built on the AI SDK chat.
// Screenshots go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../lib/server.mjs';
import { launchBrowser, screenshot } from '../../lib/browser.mjs';
import { tempDir } from '../../lib/tmp.mjs';

// Per-site keys from the configuration (sites[].assistant-key), as a deployment embeds them in its pages.
const KEYS = {
  mcp: 'svc_dsc_' + 'browserTestKeyForTheMcpSite_0123456789abcdefghij',
  mintlify: 'svc_dsc_' + 'browserTestKeyForTheMintlifySite_0123456789abcdef',
};
const MCP_PAGE = '/docs/2026-07-28/learn/architecture';
let server;
let browser;
let port;

/** A one-page site whose analytics wait for the visitor's consent (docs.json `cookies`), telemetry off. */
function consentSite() {
  const dir = tempDir('docs-assistant-consent-');
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Consent Docs', theme: 'mint', colors: { primary: '#0f766e' },
    navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
    integrations: {
      ga4: { measurementId: 'G-CONSENT1' },
      cookies: { key: 'docs-consent', value: 'granted' },
      telemetry: { enabled: false },
    },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Welcome\n---\n\nA page that measures visits only with consent.\n');
  return { domain: 'consent', path: dir };
}

before(async () => {
  server = await startServer({
    // consent and quiet configure no key: consent's pages get the page key the server makes at
    // start-up, quiet turned page keys off.
    sites: ['mcp', 'mintlify', consentSite(), { ...consentSite(), domain: 'quiet' }],
    siteYaml: {
      mcp: [`assistant-key: ${KEYS.mcp}`], mintlify: [`assistant-key: ${KEYS.mintlify}`], quiet: ['page-key: false'],
    },
    timeoutMs: 240000,
  });
  port = new URL(server.url).port;
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/** A page that reaches only this server: third-party requests are recorded and refused. */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  page.blocked = [];
  page.errors = [];
  const waiters = new Set();
  /** Resolves once a refused request starting with `prefix` was made (at once if it already was). */
  page.waitForBlocked = (prefix, timeoutMs = 20000) => new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      waiters.delete(check);
      fail(new Error(`no request to ${prefix}; refused: ${page.blocked.join(', ')}`));
    }, timeoutMs);
    function check() {
      if (!page.blocked.some((u) => u.startsWith(prefix))) return;
      waiters.delete(check);
      clearTimeout(timer);
      ok();
    }
    waiters.add(check);
    check();
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) page.errors.push(m.text()); });
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost' || host.endsWith('.localhost')) return route.continue();
    page.blocked.push(route.request().url());
    waiters.forEach((check) => check());
    return route.abort();
  });
  return page;
}

test('an mcp page has its sidebar, tabs and outline', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/sites/mcp${MCP_PAGE}`);
  assert.equal(await page.locator('h1').innerText(), 'Architecture overview');
  const active = page.locator('.sidebar a[aria-current=page]');
  assert.equal(await active.innerText(), 'Architecture', 'the sidebar shows the sidebarTitle');
  const groups = await page.locator('.sidebar .nav-group-title').allInnerTexts();
  assert.deepEqual(groups.slice(0, 3), ['Get started', 'About MCP', 'Develop with MCP']);
  assert.equal(await page.locator('.tabs-bar a.active').innerText(), 'Documentation');
  assert.ok(await page.locator('.outline a').count() > 3);
  await page.locator('.sidebar a', { hasText: 'Servers' }).first().click();
  await page.waitForURL(/learn\/server-concepts$/);
  assert.equal(await page.locator('h1').innerText(), 'Understanding MCP servers');
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'mcp-page');
  await page.context().close();
});

test('the version switcher goes to the same page in another version', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/sites/mcp${MCP_PAGE}`);
  await page.click('.switcher-version summary');
  await page.locator('.switcher-version a', { hasText: 'Version 2025-06-18' }).click();
  await page.waitForURL(/\/docs\/2025-06-18\/learn\/architecture$/);
  assert.equal(await page.locator('.switcher-version summary').innerText(), 'Version 2025-06-18');
  assert.equal(await page.locator('h1').innerText(), 'Architecture overview');
  await screenshot(page, 'mcp-version-2025-06-18');
  await page.context().close();
});

test('the mintlify site switches language and carries its GA4 and PostHog snippets', async () => {
  const page = await newPage();
  const response = await page.goto(`${server.url}/sites/mintlify/components/callouts`);
  const csp = response.headers()['content-security-policy'];
  assert.equal(await page.locator('h1').innerText(), 'Callouts');
  assert.ok(await page.locator('.prose .callout-note').count() >= 1);
  const head = await page.evaluate(() => document.head.innerHTML);
  assert.match(head, /googletagmanager\.com\/gtag\/js\?id=G-RCYWHL7EQ7/);
  assert.match(head, /phc_eNuN6Ojnk9O7uWfC17z12AK85fNR0BY6IiGVy0Gfwzw/);
  assert.match(csp, /script-src [^;]*www\.googletagmanager\.com/);
  assert.doesNotMatch(csp, /script-src [^;]*'unsafe-inline'/);
  assert.match(csp, /posthog\.com/);
  await page.waitForBlocked('https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7');
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'mintlify-en');
  await page.click('.switcher-language summary');
  await page.locator('.switcher-language a[hreflang=fr]').click();
  await page.waitForURL(/\/sites\/mintlify\/fr\/components\/callouts$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await page.locator('.switcher-language summary').innerText(), 'Français');
  await screenshot(page, 'mintlify-fr');
  await page.context().close();
});

test('analytics wait for consent and then run under the page policy', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/sites/consent/index`);
  assert.equal(await page.locator('h1').innerText(), 'Welcome');
  assert.equal(await page.locator('[data-feedback]').count(), 0, 'telemetry off: no feedback control');
  // Loaded (every page script has run) and no analytics script in the document: nothing can load before consent.
  assert.equal(await page.locator('script[src*="googletagmanager"]:not([type="text/plain"])').count(), 0, 'no live analytics script before consent');
  assert.equal(page.blocked.filter((u) => u.includes('googletagmanager')).length, 0, 'nothing loads before consent');
  assert.equal(await page.evaluate(() => typeof window.dataLayer), 'undefined');
  await page.evaluate(() => {
    localStorage.setItem('docs-consent', 'granted');
    document.dispatchEvent(new Event('docs-assistant-consent'));
  });
  await page.waitForFunction(() => Array.isArray(window.dataLayer) && window.dataLayer.length >= 2);
  await page.waitForBlocked('https://www.googletagmanager.com/gtag/js?id=G-CONSENT1');
  await page.reload();
  await page.waitForFunction(() => Array.isArray(window.dataLayer) && window.dataLayer.length >= 2);
  assert.deepEqual(page.errors, [], 'no script was refused by the Content-Security-Policy');
  await page.context().close();
});

test('the assistant streams an answer with source links and continues the thread', async () => {
  const page = await newPage();
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/v2/assistant/')) requests.push({ headers: r.headers(), body: r.postDataJSON() }); });
  // Served the way a browser meets it: at the root of the site's own host.
  await page.goto(`http://mcp.localhost:${port}${MCP_PAGE}`);
  await page.evaluate(() => {
    const p = [...document.querySelectorAll('.prose p')].find((e) => /transport layer manages/i.test(e.textContent));
    document.getSelection().selectAllChildren(p);
  });
  await page.click('[data-open-assistant]');
  // The assistant's code loads when the panel first opens: wait for it to show the selection.
  await page.locator('.assistant-selection').waitFor({ state: 'visible' });
  assert.match(await page.locator('.assistant-selection').innerText(), /selected text/);
  await page.fill('.assistant-form textarea', 'What transports does MCP support?');
  const streamed = page.waitForResponse((r) => r.url().includes('/v2/assistant/mcp/message'));
  await page.click('.assistant-form button[type=submit]');
  const response = await streamed;
  assert.equal(response.headers()['content-type'], 'text/event-stream');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  const answer = page.locator('.message-assistant').first();
  assert.match(await answer.innerText(), /transport/i);
  const source = answer.locator('.message-sources a').first();
  assert.match(await source.getAttribute('href'), /^\/[a-z0-9/-]+#?[a-z0-9-]*$/);
  const first = requests[0];
  assert.equal(first.headers.authorization, `Bearer ${KEYS.mcp}`);
  assert.equal(first.body.currentPath, MCP_PAGE);
  assert.equal(first.body.context[0].type, 'textSelection');
  assert.match(first.body.context[0].value, /transport layer manages/i);
  await screenshot(page, 'assistant-answer');

  // The thread continues on the next page of the visit.
  await source.click();
  await page.waitForSelector('.message-assistant');
  assert.equal(await page.locator('aside.assistant').isVisible(), true);
  await page.fill('.assistant-form textarea', 'How does the stdio transport work?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForFunction(() => document.querySelectorAll('.message-assistant .message-sources').length >= 2, null, { timeout: 30000 });
  const second = requests[1];
  assert.match(second.body.threadId, /^thr_/);
  assert.equal(second.body.messages.length, 3);
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'assistant-thread');
  await page.context().close();
});

test('a site with no configured key answers with its page key', async () => {
  const page = await newPage();
  const sent = [];
  page.on('request', (r) => { if (r.url().includes('/v2/assistant/')) sent.push(r.headers().authorization); });
  await page.goto(`http://consent.localhost:${port}/index`);
  const key = await page.evaluate(() => JSON.parse(document.getElementById('da:config').textContent).assistantKey);
  assert.match(key, /^svc_dsc_[A-Za-z0-9_-]{43,}$/);
  assert.ok(!Object.values(KEYS).includes(key));
  await page.click('[data-open-assistant]');
  await page.fill('.assistant-form textarea', 'What does the page measure?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  assert.match(await page.locator('.message-assistant').first().innerText(), /visits|consent/i);
  await page.waitForFunction(() => window.docsAssistantChat.status === 'ready');
  assert.equal(await page.locator('.answer-feedback').count(), 0, 'telemetry.enabled: false: answers get no thumbs');
  assert.deepEqual(sent, [`Bearer ${key}`]);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('consent');
  await page.waitForSelector('dialog.search-dialog a.search-hit');
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'page-key-assistant');
  await page.context().close();

  // The start-up log names the key by its display prefix only.
  assert.match(server.output(), /^site consent: pages use page key svc_dsc_[A-Za-z0-9_-]{4,12}… \(key_/m);
  assert.ok(!server.output().includes(key), 'the key itself is never printed');
});

test('with page keys off and no key, pages say the assistant is off and make no API calls', async () => {
  const page = await newPage();
  const api = [];
  page.on('request', (r) => { if (/\/v[12]\//.test(new URL(r.url()).pathname)) api.push(r.url()); });
  await page.goto(`http://quiet.localhost:${port}/index`);
  await page.waitForSelector('.assistant-off');
  assert.equal(await page.locator('[data-open-assistant]').count(), 0);
  await page.fill('form.search input', 'consent');
  await page.press('form.search input', 'Enter');
  await page.waitForURL(/\/_search\?q=consent/);
  assert.ok(await page.locator('.search-hits a').count() > 0, 'the search page still finds the page');
  assert.deepEqual(api, []);
  assert.deepEqual(page.errors, []);
  assert.match(server.output(), /site quiet: pages use no key/);
  await page.context().close();
});

test('search as you type calls the search API', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/sites/mcp${MCP_PAGE}`);
  await page.click('form.search input');
  await page.keyboard.type('list tools');
  await page.waitForSelector('dialog.search-dialog a.search-hit');
  const href = await page.locator('dialog.search-dialog a.search-hit').first().getAttribute('href');
  assert.match(href, /^\/sites\/mcp\//);
  await screenshot(page, 'search-box');
  await page.context().close();
});

test('pages read and search without JavaScript', async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(`${server.url}/sites/mcp${MCP_PAGE}`);
  assert.ok(await page.locator('.sidebar a').count() > 10);
  assert.ok((await page.locator('.prose').innerText()).length > 1000);
  await page.fill('form.search input', 'list tools');
  await page.press('form.search input', 'Enter'); // no button: Enter submits the form
  await page.waitForURL(/_search\?q=list\+tools/);
  assert.ok(await page.locator('.search-hits li a').count() > 0);
  await page.click('.switcher-version summary');
  assert.ok(await page.locator('.switcher-version a', { hasText: 'Draft' }).isVisible(), 'switchers open without JavaScript');
  await screenshot(page, 'no-javascript-search');
  await page.context().close();
});
