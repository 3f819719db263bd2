// Launches Debian's Chromium through playwright-core (no downloaded browser builds).
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const artifacts = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

/** @param scrollbars draw scrollbars as a reader's browser does (headless hides them by default) */
export async function launchBrowser({ scrollbars = false } = {}) {
  const executablePath = CANDIDATES.find((p) => existsSync(p));
  if (!executablePath) throw new Error('Chromium not found (bin/test-services installs it): tried ' + CANDIDATES.join(', '));
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath,
    ignoreDefaultArgs: scrollbars ? ['--hide-scrollbars'] : [],
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page in a context of its own that records what went wrong in it: `page.errors` (uncaught script
 * errors) and `window.__violations` (Content-Security-Policy violations, `directive blockedURI`).
 */
export async function watchedPage(browser, { viewport = { width: 1300, height: 900 }, ...options } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.errors = [];
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

export const screenshot = (page, name) => page.screenshot({ path: join(artifacts, name + '.png'), fullPage: false });

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is, each `id (impact) targets`; the
 * page's context must bypass its CSP (axe is injected as a script of the test).
 */
export async function seriousViolations(page) {
  return violations(page, (v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every axe-core violation on the page, of any impact, as {@link seriousViolations} lists them. */
export async function allViolations(page) {
  return violations(page, () => true);
}

async function violations(page, keep) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter(keep)
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
