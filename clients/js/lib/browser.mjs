// Launches Debian's Chromium through playwright-core (no downloaded browser builds).
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const artifacts = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export async function launchBrowser() {
  const executablePath = CANDIDATES.find((p) => existsSync(p));
  if (!executablePath) throw new Error('Chromium not found (bin/test-services installs it): tried ' + CANDIDATES.join(', '));
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const screenshot = (page, name) => page.screenshot({ path: join(artifacts, name + '.png'), fullPage: false });
