// Mintlify's components in Chromium, on the fixture site of docs/mintlify.md's table
// (server/src/test/resources/mintlify-compat): no axe-core violation of any impact and no
// Content-Security-Policy violation on pages using every component, light and dark; math drawn as
// MathML and diagrams as SVG by chunks only the pages that need them load; the view switcher, the
// changelog's tag filter and tooltips working with script, and readable without; related topics at the foot
// of a page, listed and suggested, without script; tab groups and code groups of the same titles switching
// together; the fixture once per docs.json theme, each with a background decoration or image, clean in
// both colour schemes. Screenshots in artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = ['/components', '/layout', '/code', '/changelog', '/math', '/text', '/bad'];
let server;
let browser;
let base;

// docs.json theme and background: the fixture site once per theme, each with a decoration or an image.
const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'];
const BACKGROUNDS = [{}, { decoration: 'gradient' }, { decoration: 'grid' }, { decoration: 'windows' },
  { image: { light: '/images/backdrop-light.svg', dark: '/images/backdrop-dark.svg' } }];
function themedSites(fixture) {
  return THEMES.map((theme, i) => {
    const dir = mkdtempSync(join(tmpdir(), `mintlify-${theme}-`));
    cpSync(fixture, dir, { recursive: true });
    const docs = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8'));
    docs.theme = theme;
    docs.background = BACKGROUNDS[i % BACKGROUNDS.length];
    delete docs.fonts; // the theme's own fonts
    writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs));
    return { domain: `theme-${theme}`, path: dir };
  });
}

before(async () => {
  const fixture = join(repo, 'server', 'src', 'test', 'resources', 'mintlify-compat');
  server = await startServer({ sites: [{ domain: 'compat', path: fixture }, ...themedSites(fixture)] });
  base = server.url + '/sites/compat';
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.scripts = [];
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('request', (r) => { if (r.resourceType() === 'script') page.scripts.push(new URL(r.url()).pathname); });
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  return page;
}

async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.prose .math:not(.math-ready):not(.math-error)')
    && [...document.querySelectorAll('.prose .mermaid-diagram')].every((d) => d.classList.contains('mermaid-ready') || d.querySelector('.mermaid-error')));
}

test('no CSP violation and no script error on any component page, light and dark', async () => {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme });
    for (const path of PAGES) {
      await page.goto(base + path);
      await settled(page);
      await screenshot(page, `mintlify${path.replace('/', '-')}-${scheme}`);
      found.push(...(await page.evaluate(() => window.__violations)).map((v) => `${scheme} ${path}: CSP ${v}`));
      found.push(...page.errors.map((e) => `${scheme} ${path}: ${e}`));
      page.errors.length = 0;
    }
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('axe-core finds no violation on pages using every component, light and dark', async () => {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    // axe is injected as a script of the test: this context lets it past the page's policy.
    const page = await newPage({ colorScheme: scheme, bypassCSP: true });
    for (const path of PAGES) {
      await page.goto(base + path);
      await settled(page);
      await page.evaluate(() => document.querySelectorAll('.prose details').forEach((d) => { d.open = true; }));
      await page.addScriptTag({ content: AXE });
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      for (const v of result.violations) {
        found.push(`${scheme} ${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('math is MathML and diagrams SVG, from chunks only their pages load', async () => {
  const page = await newPage({ colorScheme: 'light' });
  await page.goto(base + '/math');
  await settled(page);
  assert.equal(await page.locator('.prose .math-inline.math-ready math').count(), 1, 'the inline expression');
  assert.equal(await page.locator('.prose .math-display.math-ready math[display="block"]').count(), 1, 'the equation');
  assert.ok(await page.locator('.prose .mermaid-svg svg').first().isVisible(), 'the diagram is drawn');
  assert.ok(!(await page.locator('.prose .mermaid-source').first().isVisible()), 'its source is folded away');
  assert.ok(page.scripts.some((s) => s.includes('/math-')) && page.scripts.some((s) => s.includes('/diagrams-')), page.scripts.join(' '));
  page.scripts.length = 0;
  await page.goto(base + '/components');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(page.scripts.filter((s) => /\/(math|diagrams|mermaid)/i.test(s) || /Diagram-/.test(s)), [], 'no math or diagram script');
  await page.goto(base + '/bad');
  await settled(page);
  assert.ok(await page.locator('.prose .math-error').first().isVisible(), 'TeX that cannot be read stays, marked');
  assert.match(await page.locator('.prose .mermaid-error').first().textContent(), /Diagram error/);
  await page.context().close();
});

test('views switch, the changelog filters by tag, tooltips open on focus', async () => {
  const page = await newPage({ colorScheme: 'light' });
  await page.goto(base + '/layout');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await page.locator('.view-switcher [role="tab"]').allTextContents(), ['JavaScript', 'Python']);
  assert.ok(await page.getByText('JavaScript view text.').isVisible());
  assert.ok(!(await page.getByText('Python view text.').isVisible()));
  await page.locator('.view-switcher [role="tab"]', { hasText: 'Python' }).click();
  assert.ok(await page.getByText('Python view text.').isVisible());
  assert.ok(!(await page.getByText('JavaScript view text.').isVisible()));
  assert.ok(await page.locator('.api-examples').isVisible(), 'the examples column');
  const column = await page.locator('.api-examples').boundingBox();
  const text = await page.locator('.prose > h2').first().boundingBox();
  assert.ok(column.x > text.x + text.width - 1, 'beside the text on a wide screen');

  await page.goto(base + '/changelog');
  await page.waitForLoadState('networkidle');
  await page.locator('.update-filter button', { hasText: 'Wintergreen' }).click();
  assert.ok(await page.getByText('Minty fresh.').isVisible());
  assert.ok(!(await page.getByText('Cooler.').isVisible()), 'an update without the tag is hidden');
  assert.equal(new URL(page.url()).searchParams.get('tags'), 'Wintergreen');
  await page.goto(base + '/changelog?tags=Spearmint,Wintergreen');
  await page.waitForLoadState('networkidle');
  assert.ok(!(await page.getByText('Cooler.').isVisible()), 'every selected tag must match');

  await page.goto(base + '/components');
  await page.locator('.tooltip').first().focus();
  assert.ok(await page.locator('.tooltip-box').first().isVisible());
  await page.context().close();
});

test('without script: the first view open, the others one click away, tooltips on focus', async () => {
  const page = await newPage({ colorScheme: 'dark', javaScriptEnabled: false });
  await page.goto(base + '/layout');
  assert.ok(await page.getByText('JavaScript view text.').isVisible());
  assert.ok(!(await page.getByText('Python view text.').isVisible()));
  await page.locator('summary.view-title', { hasText: 'Python' }).click();
  assert.ok(await page.getByText('Python view text.').isVisible());
  await page.goto(base + '/components');
  await page.locator('.tooltip').first().focus();
  assert.ok(await page.locator('.tooltip-box').first().isVisible());
  await page.goto(base + '/math');
  assert.match(await page.locator('.prose .math-inline').textContent(), /a\^2 \+ b\^2/, 'the TeX shows');
  await screenshot(page, 'mintlify-no-script-dark');
  await page.context().close();
});

test('related topics: listed and suggested links at the foot of the page, without script, light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme, javaScriptEnabled: false });
    await page.goto(base + '/text');
    const section = page.getByRole('navigation', { name: 'Related topics' });
    assert.ok(await section.isVisible());
    assert.deepEqual(await section.getByRole('link').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent.trim()])),
      [['/sites/compat/code', 'Code'], ['/sites/compat/math', 'Math on pages'],
        ['https://mintlify.com/docs/create/text', "Mintlify's text page (opens in a new tab)"]]);
    const external = section.getByRole('link', { name: /Mintlify's text page/ });
    assert.equal(await external.getAttribute('target'), '_blank');
    assert.equal(await external.getAttribute('rel'), 'noopener');
    const below = await section.boundingBox();
    const prose = await page.locator('.prose').boundingBox();
    assert.ok(below.y >= prose.y + prose.height - 1, 'under the page text');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `mintlify-related-${scheme}`);

    await page.goto(base + '/components');
    const suggested = await page.getByRole('navigation', { name: 'Related topics' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(suggested.length >= 1 && suggested.length <= 3, `the site's limit of 3: ${suggested}`);
    assert.ok(!suggested.includes('/sites/compat/components') && !suggested.includes('/sites/compat/hidden'), suggested.join(' '));
    await page.context().close();
  }
});

test('tabs with the same title switch together, with code groups; sync={false} and defaultTabIndex hold', async () => {
  const page = await newPage({ colorScheme: 'light' });
  await page.goto(base + '/components');
  await page.waitForLoadState('networkidle');
  const shown = async (text) => page.getByText(text, { exact: true }).isVisible();
  assert.ok(await shown('Python one.'), 'defaultTabIndex={1} shows the second tab first');
  assert.ok(await shown('JavaScript two.') && await shown('JavaScript alone.'), 'the other groups start at their first tab');
  const firstGroup = page.locator('.tabs-border > .tab-bar');
  assert.equal(await firstGroup.locator('[role="tab"] svg.icon').count(), 1, 'the tab icon is in its button');
  await firstGroup.locator('[role="tab"]', { hasText: 'JavaScript' }).click();
  assert.ok(await shown('JavaScript one.') && await shown('JavaScript two.'));
  assert.ok(await page.locator('.code-group-ready code', { hasText: 'console.log("three")' }).isVisible(), 'the code group follows');
  await page.locator('.tabs:not(.tabs-border):not(.tabs-independent) > .tab-bar [role="tab"]', { hasText: 'Python' }).click();
  assert.ok(await shown('Python one.') && await shown('Python two.'));
  assert.ok(await page.locator('.code-group-ready code', { hasText: 'print("three")' }).isVisible());
  assert.ok(await shown('JavaScript alone.'), 'sync={false} keeps its own tab');
  await page.locator('.code-tab-bar [role="tab"]', { hasText: 'JavaScript' }).click();
  assert.ok(await shown('JavaScript one.') && await shown('JavaScript two.'), 'a code group moves the tabs too');
  await page.locator('.tabs-independent > .tab-bar [role="tab"]', { hasText: 'Python' }).click();
  assert.ok(await shown('JavaScript one.') && await shown('Python alone.'), 'an independent group moves no other');
  await page.goto(base + '/components?from=link#javascript-first');
  await page.waitForLoadState('networkidle');
  assert.ok(await shown('JavaScript one.') && !(await shown('Python one.')), "a link to a tab's id opens it");
  const icon = await page.locator('.icon-styled svg').boundingBox();
  assert.equal(Math.round(icon.width), 32, '<Icon size={32}>');
  assert.equal(await page.locator('.icon-styled').evaluate((e) => getComputedStyle(e).color), 'rgb(180, 35, 44)');
  await page.context().close();
});

test('without script every tab panel shows', async () => {
  const page = await newPage({ colorScheme: 'light', javaScriptEnabled: false });
  await page.goto(base + '/components');
  for (const text of ['JavaScript one.', 'Python one.', 'JavaScript two.', 'Python two.', 'Python alone.']) {
    assert.ok(await page.getByText(text, { exact: true }).isVisible(), text);
  }
  await page.context().close();
});

test('each theme and background: its look, no CSP violation, no script error, axe-core clean, light and dark', async () => {
  const found = [];
  const looks = {};
  for (const scheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme: scheme, bypassCSP: false });
    const axePage = await newPage({ colorScheme: scheme, bypassCSP: true });
    for (const [i, theme] of THEMES.entries()) {
      const url = `${server.url}/sites/theme-${theme}/components`;
      await page.goto(url);
      await settled(page);
      const look = await page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const before = getComputedStyle(document.body, '::before');
        return {
          classes: document.documentElement.className,
          radius: root.getPropertyValue('--radius').trim(),
          font: getComputedStyle(document.body).fontFamily,
          heading: getComputedStyle(document.querySelector('.page-header h1')).fontFamily,
          sidebar: document.querySelector('.sidebar').getBoundingClientRect().width,
          backdrop: before.content !== 'none' ? before.backgroundImage : 'none',
        };
      });
      looks[theme] = look;
      const background = BACKGROUNDS[i % BACKGROUNDS.length];
      assert.match(look.classes, new RegExp(`\\btheme-${theme}\\b`));
      if (background.decoration) {
        assert.match(look.classes, new RegExp(`decoration-${background.decoration}`));
        assert.notEqual(look.backdrop, 'none', `${theme}: the ${background.decoration} decoration is drawn`);
      } else if (background.image) {
        assert.ok(look.backdrop.includes(`backdrop-${scheme}.svg`), `${theme} ${scheme}: ${look.backdrop}`);
      } else {
        assert.equal(look.backdrop, 'none');
      }
      await screenshot(page, `mintlify-theme-${theme}-${scheme}`);
      found.push(...(await page.evaluate(() => window.__violations)).map((v) => `${scheme} ${theme}: CSP ${v}`));
      found.push(...page.errors.map((e) => `${scheme} ${theme}: ${e}`));
      page.errors.length = 0;

      await axePage.goto(url);
      await settled(axePage);
      await axePage.addScriptTag({ content: AXE });
      const result = await axePage.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      for (const v of result.violations) {
        found.push(`${scheme} ${theme}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    await page.context().close();
    await axePage.context().close();
  }
  assert.deepEqual(found, []);
  assert.match(looks.linden.font, /monospace/, 'linden: monospace text');
  assert.match(looks.linden.heading, /monospace/, 'linden: monospace headings');
  assert.match(looks.sequoia.heading, /Georgia/, 'sequoia: serif headings');
  assert.match(looks.mint.heading, /^ui-sans-serif/, 'mint: the default font');
  assert.equal(looks.linden.radius, '0');
  assert.equal(looks.maple.radius, '14px');
  assert.ok(looks.aspen.sidebar > looks.mint.sidebar, 'aspen: a wider navigation');
  assert.equal(new Set(THEMES.map((t) => JSON.stringify({ ...looks[t], classes: '', backdrop: '' }))).size, THEMES.length,
    'every theme looks different');
});
