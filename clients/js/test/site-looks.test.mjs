// How a rendered site looks and behaves in Chromium, on the example site and a small site of its own:
// the logo for each theme, a search field without a button (Enter searches without JavaScript), the
// shortcut hint of the reader's platform (Ctrl K, ⌘K on macOS only), Escape closing the search dialog,
// long code lines scrolling, feedback buttons drawn with the site's icons, the small-screen menu as a
// button opening a drawer (with and without JavaScript), a centred footer, a small first script and
// no axe-core violation. Screenshots (desktop and narrow, light and dark) go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, exampleSite } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';
import { tempDir } from '../lib/tmp.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1400, height: 900 };
const NARROW = { width: 390, height: 844 };
let server;
let browser;

/** A page with a code line far wider than the column, and a footer with links and socials. */
function wideSite() {
  const dir = tempDir('docs-assistant-looks-');
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Wide', colors: { primary: '#4f46e5' },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'expand'] }] },
    footer: { socials: { github: 'https://github.com/example/wide' },
      links: [{ header: 'Product', items: [{ label: 'Pricing', href: 'https://example.com/pricing' }] }] },
  }));
  const line = 'curl -X POST https://api.example.com/v1/events -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" '
    + '-d \'{"type":"invoice.paid","data":{"id":"inv_0123456789","amount":4200,"currency":"eur"}}\' --retry 5 --retry-delay 2';
  const block = (title = '') => '```bash ' + title + '\n' + line + '\n```\n';
  // The same line alone, in steps, in a code group, in tabs and in an accordion: every container lets it scroll.
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Wide code\n---\n\nOne long command:\n\n' + block()
    + '\n<Steps>\n<Step title="Send">\n\n' + block() + '\n</Step>\n</Steps>\n\n<CodeGroup>\n\n' + block('one') + '\n' + block('two')
    + '\n</CodeGroup>\n\n<Tabs>\n<Tab title="cURL">\n\n' + block() + '\n</Tab>\n</Tabs>\n\n<Accordion title="More">\n\n' + block()
    + '\n</Accordion>\n');
  const script = Array.from({ length: 30 }, (_, i) => `echo step-${i + 1}`).join('\n');
  writeFileSync(join(dir, 'expand.mdx'), '---\ntitle: Long script\n---\n\n```bash install.sh expandable\n' + script + '\n```\n');
  return { domain: 'wide', path: dir };
}

before(async () => {
  server = await startServer({ sites: [exampleSite, wideSite()], timeoutMs: 180000 });
  browser = await launchBrowser({ scrollbars: true }); // a scrollbar is part of how a long code line looks
});
after(async () => { await browser?.close(); server?.stop(); });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  return page;
}

const QUICKSTART = '/sites/acme/quickstart';

test('the logo of each theme and the favicon from docs.json', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme });
    await page.goto(server.url + QUICKSTART);
    const visible = await page.locator('.brand img.logo').evaluateAll((imgs) => imgs
      .filter((i) => i.offsetParent !== null && i.complete && i.naturalWidth > 0).map((i) => i.getAttribute('src')));
    assert.deepEqual(visible, [`/sites/acme/logo/${scheme}.svg`], scheme);
    assert.equal(await page.getAttribute('link[rel=icon]', 'href'), '/sites/acme/favicon.svg');
    await page.context().close();
  }
});

test('the search field has no button, shows Ctrl K on Linux and ⌘K on macOS only', async () => {
  const page = await newPage();
  await page.goto(server.url + QUICKSTART);
  assert.equal(await page.locator('form.search button').count(), 0, 'no separate Search button');
  assert.equal(await page.locator('form.search .search-key').innerText(), 'Ctrl K');
  assert.equal(await page.locator('form.search svg').count(), 1, 'a magnifier');
  await page.context().close();

  const mac = await newPage();
  await mac.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
  });
  await mac.goto(server.url + QUICKSTART);
  assert.equal(await mac.locator('form.search .search-key').innerText(), '⌘K');
  await mac.context().close();
});

test('Escape closes the search dialog at once, with a query typed', async () => {
  const page = await newPage();
  await page.goto(server.url + QUICKSTART);
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog.search-dialog');
  assert.ok(await dialog.isVisible());
  await page.keyboard.type('retry schedule');
  await page.waitForSelector('dialog.search-dialog [role=option] a');
  await screenshot(page, 'site-search-dialog');
  await page.keyboard.press('Escape');
  assert.equal(await dialog.isVisible(), false, 'one Escape closes the dialog');
  // The dialog's close event (a task after the close) hands the query back to the box.
  await page.waitForFunction(() => document.querySelector('form.search input').value === 'retry schedule', null, { timeout: 5000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('without JavaScript, Enter in the search field opens the search page', async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(server.url + QUICKSTART);
  await page.fill('form.search input', 'signature');
  await page.press('form.search input', 'Enter');
  await page.waitForURL(/_search\?q=signature/);
  assert.ok(await page.locator('.search-hits li a').count() > 0);
  await page.context().close();
});

test('a long code line scrolls sideways instead of being clipped', async () => {
  for (const viewport of [DESKTOP, NARROW]) {
    const page = await newPage({ viewport });
    await page.goto(server.url + '/sites/wide/');
    await page.locator('.prose details summary').click(); // the accordion's block
    const pres = page.locator('.prose pre:visible');
    assert.equal(await pres.count(), 5, 'alone, in steps, a code group (one tab shows), tabs and an accordion');
    for (const pre of await pres.all()) {
      const box = await pre.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX,
        right: el.getBoundingClientRect().right, page: document.documentElement.clientWidth, docScroll: document.documentElement.scrollWidth }));
      assert.ok(box.scroll > box.client, JSON.stringify(box));
      assert.equal(box.overflow, 'auto');
      assert.ok(box.right <= box.page, `the block stays inside the page: ${JSON.stringify(box)}`);
      assert.ok(box.docScroll <= box.page, `the page itself does not scroll sideways: ${JSON.stringify(box)}`);
      assert.ok(await pre.evaluate((el) => { el.scrollLeft = 200; return el.scrollLeft; }) > 0, 'it scrolls');
      const bar = await pre.evaluate((el) => el.offsetHeight - el.clientHeight - parseFloat(getComputedStyle(el).borderTopWidth)
        - parseFloat(getComputedStyle(el).borderBottomWidth));
      assert.ok(bar > 0, `a scrollbar shows that there is more (${JSON.stringify(viewport)})`);
    }
    await page.context().close();
  }
});

test("the page's feedback buttons draw the site's icons", async () => {
  const page = await newPage();
  await page.goto(server.url + QUICKSTART);
  const buttons = page.locator('[data-feedback] button');
  assert.equal(await buttons.count(), 2);
  for (const i of [0, 1]) {
    const icon = buttons.nth(i).locator('svg');
    assert.equal(await icon.count(), 1);
    const size = await icon.boundingBox();
    assert.ok(size.width >= 12 && size.height >= 12, JSON.stringify(size));
  }
  assert.doesNotMatch(await page.locator('[data-feedback]').innerText(), /\p{Extended_Pictographic}/u, 'no emoji');
  await page.context().close();
});

test('a long expandable code block shows its first lines until the reader opens it, with and without JavaScript', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const page = await newPage({ javaScriptEnabled });
    await page.goto(server.url + '/sites/wide/expand');
    const pre = page.locator('.code-block.expandable pre');
    const summary = page.locator('.code-block.expandable > details.code-expand > summary');
    // The first 12 lines show whole, the 13th is cut off.
    const shown = () => pre.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const lines = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/step-\d+/g)) { // one text node per token, or the whole code without script
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          lines.push(range.getBoundingClientRect());
        }
      }
      return { bottom: Math.round(box.bottom), count: lines.length, tops: lines.slice(10, 14).map((l) => Math.round(l.top)),
        whole: lines.filter((l) => l.bottom <= box.bottom - parseFloat(getComputedStyle(el).paddingBottom) + 0.5).length };
    });
    const collapsed = await pre.evaluate((el) => el.clientHeight);
    const first = await shown();
    assert.equal(first.whole, 12, JSON.stringify(first));
    assert.equal((await summary.innerText()).trim(), 'Show all 30 lines');
    assert.equal(await page.getByText('echo step-30').isVisible(), true, 'in the page, clipped by the height');
    await summary.click();
    const open = await pre.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    assert.ok(open.client >= open.scroll && (await shown()).whole === 30, JSON.stringify(open));
    assert.equal((await summary.innerText()).trim(), 'Show less');
    await summary.click();
    assert.equal(await pre.evaluate((el) => el.clientHeight), collapsed, 'folds again');
    await page.context().close();
  }
});

test('on a narrow screen the navigation is a menu button opening a drawer, with and without JavaScript', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const page = await newPage({ viewport: NARROW, isMobile: true, javaScriptEnabled });
    await page.goto(server.url + QUICKSTART);
    const button = page.locator('.sidebar-menu > summary.menu-button');
    const drawer = page.locator('.sidebar-drawer');
    if (javaScriptEnabled) assert.equal(await drawer.isVisible(), false, 'folded at first');
    else await button.click(); // without the script the disclosure starts open: the button folds it
    assert.equal(await drawer.isVisible(), false);
    assert.ok(await button.locator('svg.icon-menu').isVisible(), 'the button shows the menu icon');
    await button.click();
    assert.ok(await drawer.isVisible());
    const box = await drawer.boundingBox();
    assert.ok(box.x === 0 && box.height >= NARROW.height - 1 && box.width < NARROW.width, `a drawer: ${JSON.stringify(box)}`);
    assert.ok(await drawer.locator('a', { hasText: 'Retries' }).isVisible());
    assert.ok(await button.locator('svg.icon-close').isVisible(), 'open, the button is a cross');
    if (javaScriptEnabled) {
      await screenshot(page, 'site-narrow-menu-open');
      await page.keyboard.press('Escape');
    } else {
      await button.click();
    }
    assert.equal(await drawer.isVisible(), false, 'it closes');
    await page.context().close();
  }
});

test('the footer is centred', async () => {
  const page = await newPage();
  await page.goto(server.url + '/sites/wide/');
  const { footer, row, columns } = await page.evaluate(() => {
    const centre = (el) => { const r = el.getBoundingClientRect(); return (r.left + r.right) / 2; };
    const contentCentre = (el) => {
      const r = [...el.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
      return (Math.min(...r.map((x) => x.left)) + Math.max(...r.map((x) => x.right))) / 2;
    };
    return { footer: centre(document.querySelector('.site-footer')), row: contentCentre(document.querySelector('.footer-row')),
      columns: contentCentre(document.querySelector('.footer-columns')) };
  });
  assert.ok(Math.abs(row - footer) < 2, `footer row centred: ${row} vs ${footer}`);
  assert.ok(Math.abs(columns - footer) < 2, `footer columns centred: ${columns} vs ${footer}`);
  await page.context().close();
});

test('the first page load runs at most 60 KB of gzipped script', async (t) => {
  const page = await newPage();
  const scripts = [];
  page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(r); });
  await page.goto(server.url + '/sites/wide/');
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const s of scripts) total += gzipSync(await s.body()).length;
  assert.ok(total > 0 && total <= 60 * 1024, `${total} bytes gzipped`);
  t.diagnostic(`first load: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  await page.context().close();
});

test('screenshots and axe-core: desktop and narrow, light and dark, no violation', async () => {
  const found = [];
  for (const [name, viewport] of [['desktop', DESKTOP], ['narrow', NARROW]]) {
    for (const scheme of ['light', 'dark']) {
      // axe is injected as a script of the test: this context lets it past the page's policy.
      const page = await newPage({ viewport, colorScheme: scheme, isMobile: name === 'narrow', bypassCSP: true });
      for (const [shot, path] of [['site', QUICKSTART], ['site-code', '/sites/wide/'], ['site-code-expandable', '/sites/wide/expand'], ['site-api', '/sites/acme/api/send-event']]) {
        await page.goto(server.url + path);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${shot}-${name}-${scheme}`);
        await page.addScriptTag({ content: AXE });
        const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
        for (const v of result.violations) {
          found.push(`${name} ${scheme} ${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        }
      }
      await page.context().close();
    }
  }
  assert.deepEqual(found, []);
});
