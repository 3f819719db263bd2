// The rendered sites as readers meet them in Chromium: a strict Content-Security-Policy that no
// page trips, a small first script, dark mode that toggles and persists, code tabs, the ⌘K search
// dialog driven by the keyboard (the opened result reported for search analytics), accessibility (axe-core) and link contrast in both themes, the
// assistant panel making room, a dismissible banner, page icons. Screenshots (light/dark,
// desktop/mobile) go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../lib/server.mjs';
import { launchBrowser, screenshot, seriousViolations } from '../../lib/browser.mjs';
import { tempDir } from '../../lib/tmp.mjs';

const KEY = 'svc_dsc_' + 'browserUiTestKeyForTheMintlifySite_0123456789abcd';
const MCP_KEY = 'svc_dsc_' + 'browserUiTestKeyForTheMcpSite_0123456789abcdefghi';
const DEEP = '/sites/mintlify/components/code-groups';
const SAMPLE = ['/sites/mcp/', '/sites/mcp/docs/2026-07-28/learn/architecture', '/sites/mintlify/',
  '/sites/mintlify/components/cards', DEEP, '/sites/mintlify/fr/components/callouts',
  '/sites/mintlify/zh/quickstart', '/sites/mintlify/no/such/page'];
let server;
let browser;

/** A small site with what the corpora lack: a dismissible banner, front-matter page icons, a button colour. */
function relaySite() {
  const dir = tempDir('docs-assistant-relay-');
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Relay', colors: { primary: '#166e3f', light: '#4ade80', dark: '#7c2d12' },
    banner: { content: 'Relay 2 is out: read [what changed](/changes).', dismissible: true },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'changes'] }] },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Relay\nicon: rocket\n---\n\nWebhook delivery for busy teams.\n');
  writeFileSync(join(dir, 'changes.mdx'), '---\ntitle: What changed\nicon: clock-rotate-left\n---\n\nRetries now back off.\n');
  return { domain: 'relay', path: dir };
}

before(async () => {
  server = await startServer({
    sites: ['mcp', 'mintlify', relaySite()],
    siteYaml: { mintlify: [`assistant-key: ${KEY}`], mcp: [`assistant-key: ${MCP_KEY}`] },
    timeoutMs: 240000,
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/** A page that records CSP violations and every script it loads; other hosts are refused. */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  page.scripts = [];
  page.errors = [];
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && r.url().startsWith(server.url)) page.scripts.push({ url: r.url(), response: r });
  });
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    // A route a page-level handler (or a closing context) already settled needs nothing more from here.
    return (host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort())
      .catch((e) => { if (!/already handled|closed/i.test(e.message)) throw e; });
  });
  return page;
}

const violations = (page) => page.evaluate(() => window.__violations);

test('no page of the sample trips the Content-Security-Policy, the assistant included', async () => {
  const page = await newPage();
  for (const path of SAMPLE) {
    await page.goto(server.url + path);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await violations(page), [], path);
  }
  await page.goto(server.url + '/sites/mintlify/quickstart');
  await page.click('[data-open-assistant]');
  await page.fill('.assistant-form textarea', 'How do I deploy my site?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  assert.deepEqual(await violations(page), [], 'the chat (zod jitless) stays within script-src');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the first page load runs at most 60 KB of gzipped script; the assistant loads on demand', async () => {
  const page = await newPage();
  await page.goto(server.url + DEEP);
  await page.waitForLoadState('networkidle');
  let first = 0;
  for (const s of page.scripts) first += gzipSync(await s.response.body()).length;
  assert.ok(page.scripts.some((s) => /chunks\/highlight-/.test(s.url)), 'a page with code loads the highlighter');
  assert.ok(!page.scripts.some((s) => /chunks\/assistant-/.test(s.url)), 'the chat is not loaded yet');
  assert.ok(first <= 60 * 1024, `first load ${first} bytes gzipped`);
  console.log(`# first page load script: ${(first / 1024).toFixed(1)} KB gzipped (${page.scripts.length} files)`);
  await page.click('[data-open-assistant]');
  await page.waitForSelector('aside.assistant:not([hidden])');
  assert.ok(page.scripts.some((s) => /chunks\/assistant-/.test(s.url)), 'opening the panel loads the chat');
  await page.context().close();
});

test('dark mode toggles, persists across pages and follows docs.json colours', async () => {
  const page = await newPage({ colorScheme: 'light' });
  await page.goto(server.url + '/sites/mintlify/fr/editor/publish');
  const theme = () => page.getAttribute('html', 'data-theme');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(await theme(), 'light');
  const light = await background();
  const visibleImage = () => page.evaluate(() => [...document.querySelectorAll('.prose img')]
    .filter((i) => i.offsetParent !== null).map((i) => i.getAttribute('src')).find((s) => /toolbar/.test(s)));
  assert.match(await visibleImage(), /toolbar-light/);
  await screenshot(page, 'theme-light-desktop');
  await page.click('[data-theme-toggle]');
  assert.equal(await theme(), 'dark');
  assert.notEqual(await background(), light);
  assert.match(await visibleImage(), /toolbar-dark/, 'the dark image of a light/dark pair shows');
  await screenshot(page, 'theme-dark-desktop');
  await page.goto(server.url + '/sites/mintlify/quickstart');
  assert.equal(await theme(), 'dark', 'the choice is kept on the next page');
  await page.click('[data-theme-toggle]');
  await page.reload();
  assert.equal(await theme(), 'light');
  await page.context().close();

  const system = await newPage({ colorScheme: 'dark' });
  await system.goto(server.url + '/sites/mcp/');
  assert.equal(await system.getAttribute('html', 'data-theme'), 'dark', 'without a choice, the system theme');
  await system.context().close();
});

test('code groups are tabs, code is highlighted', async () => {
  const page = await newPage();
  await page.goto(server.url + DEEP);
  const group = page.locator('.code-group-ready').first();
  const tabs = group.locator('.code-tab-bar [role=tab]');
  assert.ok(await tabs.count() >= 2);
  const blocks = group.locator(':scope > .code-block');
  assert.ok(await blocks.nth(0).isVisible());
  assert.ok(!(await blocks.nth(1).isVisible()));
  await tabs.nth(1).click();
  assert.ok(await blocks.nth(1).isVisible());
  assert.ok(!(await blocks.nth(0).isVisible()));
  assert.equal(await tabs.nth(1).getAttribute('aria-selected'), 'true');
  await tabs.nth(1).press('ArrowLeft');
  assert.ok(await blocks.nth(0).isVisible(), 'arrow keys move between tabs');
  await page.waitForSelector('.prose code.hljs span[class^=hljs-]');
  await page.context().close();
});

test('⌘K opens search; arrows, Enter and Escape work; matches are highlighted without Markdown', async () => {
  const page = await newPage();
  await page.goto(server.url + '/sites/mcp/docs/2026-07-28/learn/architecture');
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog.search-dialog');
  assert.ok(await dialog.isVisible());
  await page.keyboard.type('list tools');
  await page.waitForSelector('dialog.search-dialog [role=option] a');
  const options = dialog.locator('[role=option]');
  assert.equal(await options.nth(0).getAttribute('aria-selected'), 'true');
  assert.ok(await dialog.locator('mark').count() > 0, 'matches are marked');
  const text = await dialog.locator('.search-dialog-results').innerText();
  assert.doesNotMatch(text, /\*\*|^#+ |\|\s*---|```/m, 'no Markdown debris');
  await page.keyboard.press('ArrowDown');
  assert.equal(await options.nth(1).getAttribute('aria-selected'), 'true');
  assert.equal(await options.nth(0).getAttribute('aria-selected'), 'false');
  await screenshot(page, 'search-dialog');
  const href = await options.nth(1).locator('a').getAttribute('href');
  // The opened result is reported to the site's search analytics (same origin, the page key, keepalive):
  // 204 means the server found the search and the path among its results.
  const isClick = (r) => r.url().endsWith('/v1/search/mcp/click');
  // The opened page's document waits until the report is answered: a keepalive request answered after
  // the next document commits is not reported to this page's listeners (it flaked when the server was slow).
  const holdNavigationUntil = (answered) => page.route('**/*', async (route) => {
    if (route.request().isNavigationRequest()) await answered.catch(() => {});
    await route.continue();
  });
  const reported = page.waitForResponse(isClick);
  await holdNavigationUntil(reported);
  await page.keyboard.press('Enter');
  const click = await reported;
  await page.unrouteAll({ behavior: 'wait' }); // the held navigation's handler finishes first
  assert.equal(click.status(), 204, 'the click was recorded');
  const sent = click.request().postDataJSON();
  assert.match(sent.searchId, /^srch_[0-9a-f]{24}$/);
  assert.ok(href.endsWith(sent.path.replace(/^\//, '')) || href.includes(sent.path), `${sent.path} is the opened ${href}`);
  await page.waitForURL((u) => u.pathname + u.hash === href || u.href.endsWith(href));
  await page.keyboard.press('Control+k');
  await page.keyboard.type('list tools');
  await page.waitForSelector('dialog.search-dialog [role=option] a');
  const first = page.locator('dialog.search-dialog [role=option] a').first();
  const firstHref = await first.getAttribute('href');
  const byMouse = page.waitForResponse(isClick);
  await holdNavigationUntil(byMouse);
  await first.click();
  assert.equal((await byMouse).status(), 204, 'a result opened with the mouse is reported too');
  await page.unrouteAll({ behavior: 'wait' }); // the held navigation's handler finishes first
  await page.waitForURL((u) => u.pathname + u.hash === firstHref || u.href.endsWith(firstHref));
  await page.keyboard.press('Control+k');
  assert.ok(await dialog.isVisible());
  await page.keyboard.press('Escape');
  assert.ok(!(await dialog.isVisible()));

  await page.goto(server.url + '/sites/mcp/_search?q=list+tools');
  assert.equal(await page.inputValue('form.search input[name=q]'), 'list tools', 'the search page fills the box');
  await page.context().close();
});

/** WCAG contrast of two computed CSS colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('links reach WCAG AA contrast in both themes and stand apart from text', async () => {
  for (const path of ['/sites/mcp/docs/2026-07-28/learn/architecture', '/sites/mintlify/quickstart']) {
    for (const scheme of ['light', 'dark']) {
      const page = await newPage({ colorScheme: scheme });
      await page.goto(server.url + path);
      const { link, bg, underline } = await page.evaluate(() => {
        const a = document.querySelector('.prose p a');
        return { link: getComputedStyle(a).color, bg: getComputedStyle(document.documentElement).backgroundColor,
          underline: getComputedStyle(a).textDecorationLine };
      });
      const ratio = contrast(link, bg);
      assert.ok(ratio >= 4.5, `${path} ${scheme}: ${link} on ${bg} is ${ratio.toFixed(2)}:1`);
      assert.equal(underline, 'underline', 'links are underlined, so a near-black primary still shows them');
      await page.context().close();
    }
  }
});

test('axe-core finds no serious or critical violation on home, deep, translated and 404 pages', async () => {
  const pages = ['/sites/mintlify/', DEEP, '/sites/mintlify/components/cards', '/sites/mintlify/fr/components/callouts',
    '/sites/mcp/docs/2026-07-28/learn/architecture', '/sites/mintlify/no/such/page'];
  const found = [];
  for (const scheme of ['light', 'dark']) {
    // axe is injected as a script of the test: this context lets it past the page's policy.
    const page = await newPage({ bypassCSP: true, colorScheme: scheme });
    for (const path of pages) {
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousViolations(page)).map((v) => `${scheme} ${path}: ${v}`));
    }
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('the Ask AI panel makes room instead of covering the page', async () => {
  const page = await newPage();
  await page.goto(server.url + '/sites/mintlify/quickstart');
  await page.click('[data-open-assistant]');
  await page.waitForSelector('aside.assistant:not([hidden])');
  const { content, panel } = await page.evaluate(() => ({
    content: document.querySelector('.page').getBoundingClientRect().right,
    panel: document.querySelector('aside.assistant').getBoundingClientRect().left,
  }));
  assert.ok(content <= panel, `page text ends at ${content}, the panel starts at ${panel}`);
  await screenshot(page, 'assistant-panel-room');
  await page.context().close();
});

test('a dismissible banner goes when closed and stays away on the next pages', async () => {
  const page = await newPage();
  await page.goto(server.url + '/sites/relay/');
  const banner = page.locator('[data-banner]');
  assert.match(await banner.innerText(), /Relay 2 is out/);
  const close = banner.locator('[data-banner-close]');
  await close.waitFor({ state: 'visible' }); // shown by the site script, which makes it work
  await close.click();
  await banner.waitFor({ state: 'detached' });
  await page.goto(server.url + '/sites/relay/changes');
  // The page is served with the banner; the site script removes it at once, as it was dismissed.
  await page.waitForFunction(() => !document.querySelector('[data-banner]'));
  await page.reload();
  await page.waitForFunction(() => !document.querySelector('[data-banner]'));
  assert.deepEqual(await violations(page), []);
  await page.context().close();

  const fresh = await newPage();
  await fresh.goto(server.url + '/sites/relay/changes');
  await fresh.locator('[data-banner] [data-banner-close]').waitFor({ state: 'visible' });
  await fresh.context().close();
});

test('a page icon shows in its sidebar entry and before its title', async () => {
  const page = await newPage();
  await page.goto(server.url + '/sites/relay/changes');
  const title = page.locator('.page-header h1 svg.icon');
  assert.ok(await title.isVisible());
  const box = await title.boundingBox();
  assert.ok(box.width > 10 && box.height > 10, JSON.stringify(box));
  assert.ok(await page.locator('.sidebar a[href$="/changes"] svg.icon').isVisible());
  assert.ok(await page.locator('.sidebar a[href="/sites/relay/"] svg.icon, .sidebar a[href="/sites/relay"] svg.icon').first().isVisible());
  await screenshot(page, 'page-icons');
  await page.context().close();
});

test('docs.json colors.dark colours the buttons in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme });
    await page.goto(server.url + '/sites/relay/');
    const { button, text, banner } = await page.evaluate(() => ({
      button: getComputedStyle(document.querySelector('.ask-button')).backgroundColor,
      text: getComputedStyle(document.querySelector('.ask-button')).color,
      banner: getComputedStyle(document.querySelector('.banner')).backgroundColor,
    }));
    assert.equal(button, 'rgb(124, 45, 18)', scheme);
    assert.ok(contrast(button, text) >= 4.5, `${scheme}: ${text} on ${button}`);
    assert.notEqual(banner, button, 'the banner keeps the primary colour');
    await page.context().close();
  }
});

test('screenshots: light and dark, desktop and mobile', async () => {
  for (const [name, viewport] of [['desktop', { width: 1400, height: 900 }], ['mobile', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await newPage({ viewport, colorScheme: scheme, isMobile: name === 'mobile' });
      await page.goto(server.url + '/sites/mintlify/components/cards');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `mintlify-${name}-${scheme}`);
      await page.goto(server.url + '/sites/mcp/docs/2026-07-28/learn/architecture');
      await screenshot(page, `mcp-${name}-${scheme}`);
      await page.context().close();
    }
  }
});
