// The dashboard in a real browser (Debian's Chromium through playwright-core): sign in with a
// one-time link, create and revoke a key in the UI (and see the API accept, then refuse it), ask
// questions and give feedback in the Ask AI panel, find them in insights and exports, and another
// organisation's user refused everywhere; the Deployments page (a failed upload's problems, rollback with
// Activate, axe-core). Screenshots of each page go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const QUESTIONS = {
  retries: 'How often are failed deliveries retried?',
  secrets: 'How do I rotate the signing secret?',
  unanswerable: 'Does the relay support Kubernetes operators?',
};
const ADMIN_TOKEN = 'admin-token-of-the-dashboard-browser-test-0123456789';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let server;
let browser;
let port;
const READER_PASSWORD = 'handbook-password-of-the-dashboard-test';

/** A small docs site of its own (telemetry on, so answers get thumbs), owned by `organization`. */
function relaySite(domain, organization) {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-dashboard-'));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Relay Docs', theme: 'mint', colors: { primary: '#0f766e' },
    navigation: { groups: [{ group: 'Guides', pages: ['index', 'retries', 'secrets'] }] },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Welcome\n---\n\nRelay delivers webhooks to your endpoints.\n');
  writeFileSync(join(dir, 'retries.mdx'), '---\ntitle: Retries\n---\n\n## Retry schedule\n\n'
    + 'Failed deliveries are retried five times, with exponential backoff starting at one minute.\n');
  writeFileSync(join(dir, 'secrets.mdx'), '---\ntitle: Signing secrets\n---\n\n## Rotating the signing secret\n\n'
    + 'Rotate the signing secret from the endpoint settings; the old secret stays valid for 24 hours.\n');
  return { domain, path: dir, organization };
}

before(async () => {
  server = await startServer({ sites: [relaySite('relay', 'acme'), relaySite('beta', 'other'), relaySite('handbook', 'acme')],
    timeoutMs: 120000, yaml: [`security: {admin-token: ${ADMIN_TOKEN}}`],
    siteYaml: { handbook: [`reader-auth: {method: password, password: ${READER_PASSWORD}}`] } });
  port = new URL(server.url).port;
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

/** A request to site handbook's own host outside the browser: status, body and cookies set. */
const siteRequest = (method, path, cookie = '', body = undefined) => new Promise((ok, fail) => {
  const headers = { host: `handbook.localhost:${port}`, cookie };
  if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
    let text = '';
    res.on('data', (b) => { text += b; });
    res.on('end', () => ok({ status: res.statusCode, body: text, cookies: res.headers['set-cookie'] ?? [] }));
  });
  req.on('error', fail);
  req.end(body);
});

/** A browser context (with `contextOptions`) signed in as a new user of `org`, through the link `users add` prints. */
async function signIn(org, email, contextOptions = {}) {
  const link = server.cli('users', 'add', '--org', org, '--email', email).trim().split('\n').at(-1);
  assert.match(link, /\/dashboard\/sign-in\?token=dsl_/);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) page.errors.push(m.text()); });
  await page.goto(`${server.dashboard}/dashboard/sign-in${new URL(link).search}`);
  await page.click('button[type=submit]');
  await page.waitForURL(`${server.dashboard}/dashboard/${org}`);
  return page;
}

/**
 * A GET from the signed-in page itself, with its cookie: Node cannot resolve dashboard.localhost as
 * Chromium does, so Playwright's own request context cannot reach the dashboard's host.
 */
const fetchIn = (page, path) => page.evaluate(async (p) => {
  const res = await fetch(p);
  return { status: res.status, text: await res.text() };
}, path);

const search = (key) => fetch(`${server.url}/v1/search/relay`, {
  method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ query: 'retries' }),
});

test('a key created in the dashboard opens the API until it is revoked there', async () => {
  const page = await signIn('acme', 'dana@acme.example');
  await screenshot(page, 'dashboard-keys');
  await page.selectOption('select[name=expires]', '30d');
  await page.click('form.stack button[type=submit]');
  const key = (await page.locator('#new-key').innerText()).trim();
  assert.match(key, /^svc_dsc_[A-Za-z0-9_-]{43}$/);
  await page.click('[data-copy=new-key]');
  await screenshot(page, 'dashboard-key-created');
  assert.equal((await search(key)).status, 200);

  await page.goto(`${server.dashboard}/dashboard/acme`);
  assert.equal(await page.locator('#new-key').count(), 0, 'the key is shown once');
  const row = page.locator('tr', { hasText: key.slice(0, 12) });
  await row.locator('a', { hasText: 'Revoke' }).click();
  await screenshot(page, 'dashboard-revoke-confirm');
  await page.click('button.danger');
  await page.waitForURL(`${server.dashboard}/dashboard/acme`);
  assert.equal(await page.locator('tr', { hasText: key.slice(0, 12) }).locator('td.status-revoked').count(), 1);
  await screenshot(page, 'dashboard-key-revoked');
  const refused = await search(key);
  assert.equal(refused.status, 401);
  assert.match((await refused.json()).message, /revoked/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('questions and feedback from the Ask AI panel show up in insights, conversations and exports', async () => {
  const reader = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const feedbackSent = [];
  reader.on('request', (r) => { if (r.url().includes('/feedback')) feedbackSent.push(JSON.parse(r.postData())); });
  await reader.goto(`http://relay.localhost:${port}/retries`);
  await reader.click('[data-open-assistant]');
  for (const [i, question] of [QUESTIONS.retries, QUESTIONS.secrets, QUESTIONS.unanswerable].entries()) {
    await reader.fill('.assistant-form textarea', question);
    await reader.click('.assistant-form button[type=submit]');
    await reader.waitForFunction((n) => document.querySelectorAll('.message-assistant .answer-feedback').length === n, i + 1,
      { timeout: 30000 });
  }
  const answers = reader.locator('.message-assistant');
  await answers.nth(0).locator('button[data-helpful=true]').click();
  await answers.nth(0).locator('.answer-comment input').fill('Exactly what I needed');
  await answers.nth(0).locator('.answer-comment button').click();
  await answers.nth(2).locator('button[data-helpful=false]').click();
  await answers.nth(2).locator('.answer-comment input').fill('Nothing about Kubernetes');
  await answers.nth(2).locator('.answer-comment button').click();
  await reader.waitForFunction(() => document.querySelectorAll('.answer-thanks').length === 2);
  await screenshot(reader, 'assistant-answer-feedback');
  for (const b of await answers.nth(1).locator('.answer-feedback button').all()) {
    assert.equal(await b.locator('svg').count(), 1, 'thumbs drawn with the site icons, no emoji');
    assert.doesNotMatch(await b.innerText(), /\p{Extended_Pictographic}/u);
  }
  assert.ok(feedbackSent.some((f) => f.helpful === false && f.comment === 'Nothing about Kubernetes'), JSON.stringify(feedbackSent));
  await reader.context().close();

  const page = await signIn('acme', 'ines@acme.example');
  await page.goto(`${server.dashboard}/dashboard/acme/relay`);
  const gaps = await page.locator('table.gaps').innerText();
  assert.match(gaps, /Kubernetes operators/);
  assert.doesNotMatch(gaps, /failed deliveries/, 'answered questions are not gaps');
  assert.match(await page.locator('.numbers').innerText(), /^3\s+Questions\s+2 \(67 %\)\s+Answered/);
  const comments = await page.locator('ul.comments').innerText();
  assert.match(comments, /Exactly what I needed/);
  assert.match(comments, /Nothing about Kubernetes/);
  assert.match(await page.locator('ol.counts').first().innerText(), /Retries/);
  assert.equal(await page.locator('svg.chart rect').count() > 0, true);
  await screenshot(page, 'dashboard-insights');

  await page.click('nav.tabs a:has-text("Conversations")');
  assert.match(await page.locator('table.threads').innerText(), /How often are failed deliveries retried\?/);
  await screenshot(page, 'dashboard-conversations');
  await page.selectOption('select[name=feedback]', 'not-helpful');
  await page.click('form.period button[type=submit]');
  await page.locator('table.threads a').first().click();
  assert.match(await page.locator('main').innerText(), /Nothing about Kubernetes/);
  await screenshot(page, 'dashboard-conversation');
  await page.click('nav.tabs a:has-text("Integrations")');
  await screenshot(page, 'dashboard-integrations');

  const jsonl = (await fetchIn(page, '/dashboard/acme/relay/conversations.jsonl')).text;
  const turns = jsonl.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(turns.map((t) => t.question).sort(), Object.values(QUESTIONS).sort());
  const unanswered = turns.find((t) => t.question === QUESTIONS.unanswerable);
  assert.equal(unanswered.answered, false);
  assert.equal(unanswered.helpful, false);
  assert.equal(unanswered.comment, 'Nothing about Kubernetes');
  assert.equal(turns.find((t) => t.question === QUESTIONS.retries).sources[0].title, 'Retries');
  const csv = (await fetchIn(page, '/dashboard/acme/relay/conversations.csv')).text;
  assert.match(csv.split('\r\n')[0], /^thread_id,message_id,created_at,channel,question,answer/);
  assert.match(csv, /Exactly what I needed/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("another organisation's user is refused on every page of acme", async () => {
  const page = await signIn('other', 'olga@other.example');
  await screenshot(page, 'dashboard-other-organization');
  for (const path of ['/dashboard/acme', '/dashboard/acme/relay', '/dashboard/acme/relay/conversations',
    '/dashboard/acme/relay/conversations.jsonl', '/dashboard/acme/relay/conversations.csv', '/dashboard/acme/relay/integrations',
    '/dashboard/other/relay']) {
    assert.equal((await fetchIn(page, path)).status, 403, path);
  }
  const res = await page.goto(`${server.dashboard}/dashboard/acme/relay`);
  assert.equal(res.status(), 403);
  await screenshot(page, 'dashboard-forbidden');
  await page.context().close();
});

/** Uploads a folder's files as a .tar.gz through the admin API, from a dashboard page (its origin); waits for the build. */
async function deploy(page, dir, files) {
  const bytes = [...execFileSync('tar', ['-czf', '-', '-C', dir, ...files])];
  return page.evaluate(async ({ bytes, token }) => {
    const headers = { authorization: `Bearer ${token}` };
    const res = await fetch('/admin/v1/sites/relay/deployments', {
      method: 'POST', headers: { ...headers, 'content-type': 'application/gzip' }, body: new Uint8Array(bytes),
    });
    let d = await res.json();
    while (d.status === 'building') {
      await new Promise((r) => setTimeout(r, 100));
      d = await (await fetch(`/admin/v1/sites/relay/deployments/${d.id}`, { headers })).json();
    }
    return d;
  }, { bytes, token: ADMIN_TOKEN });
}

test('the Deployments page lists a failed upload with its problem, rolls back with Activate and passes axe-core', async () => {
  const page = await signIn('acme', 'rhea@acme.example');
  await page.goto(`${server.dashboard}/dashboard/acme/relay`);
  await page.click('nav.tabs a:has-text("Deployments")');
  await page.waitForURL(`${server.dashboard}/dashboard/acme/relay/deployments`);
  const first = await page.locator('table.deployments tbody tr').last().getAttribute('data-deployment-id');

  const v2 = relaySite('relay', 'acme').path;
  writeFileSync(join(v2, 'docs.json'), JSON.stringify({ name: 'Relay Docs',
    navigation: { groups: [{ group: 'Guides', pages: ['index', 'retries', 'secrets', 'launch'] }] } }));
  writeFileSync(join(v2, 'launch.mdx'), '---\ntitle: Launch\n---\n\nThe launch checklist of release two.\n');
  const broken = await deploy(page, v2, ['docs.json', 'index.mdx', 'retries.mdx', 'secrets.mdx']);
  assert.equal(broken.status, 'failed');
  const live = await deploy(page, v2, ['docs.json', 'index.mdx', 'retries.mdx', 'secrets.mdx', 'launch.mdx']);
  assert.equal(live.status, 'active');
  assert.equal((await fetch(`${server.url}/sites/relay/launch`)).status, 200);

  await page.reload();
  const failedRow = page.locator(`tr[data-deployment-id="${broken.id}"]`);
  assert.match(await failedRow.innerText(), /failed[\s\S]*page 'launch' has no file/);
  assert.equal(await failedRow.locator('a.button, button').count(), 0, 'a failed deployment has no Activate button');
  await screenshot(page, 'dashboard-deployments');

  // Switching production asks first: the button opens a confirmation step, which only its own form completes.
  await page.locator(`tr[data-deployment-id="${first}"] a.button`, { hasText: 'Activate' }).click();
  await page.waitForURL(new RegExp(`/deployments/${first}/activate$`));
  assert.equal((await fetch(`${server.url}/sites/relay/launch`)).status, 200, 'nothing switched before the confirmation');
  assert.match(await page.locator('main').innerText(), /switches to deployment/);
  await screenshot(page, 'dashboard-activate-confirm');
  await page.click('a.button:has-text("Cancel")');
  await page.waitForURL(`${server.dashboard}/dashboard/acme/relay/deployments`);
  assert.equal((await fetch(`${server.url}/sites/relay/launch`)).status, 200, 'Cancel leaves production alone');
  await page.locator(`tr[data-deployment-id="${first}"] a.button`, { hasText: 'Activate' }).click();
  await page.click(`button.danger:has-text("Activate ${first}")`);
  await page.waitForURL(/\/deployments\?activated=/);
  assert.match(await page.locator('.notice[role=status]').innerText(), new RegExp(`Deployment ${first} is active`));
  assert.match(await page.locator(`tr[data-deployment-id="${live.id}"] td.status-superseded`).innerText(), /superseded/);
  assert.equal((await fetch(`${server.url}/sites/relay/launch`)).status, 404, 'rolled back: version 1 has no launch page');
  await screenshot(page, 'dashboard-deployments-rolled-back');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const found = [];
  for (const scheme of ['light', 'dark']) {
    // A context that lets the test's axe script past the dashboard's policy.
    const signedIn = await signIn('acme', `axe-${scheme}@acme.example`, { bypassCSP: true, colorScheme: scheme });
    for (const path of ['/dashboard/acme/relay/deployments', '/dashboard/acme/relay/deployments?activated=' + first]) {
      await signedIn.goto(server.dashboard + path);
      await signedIn.addScriptTag({ content: AXE });
      const result = await signedIn.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        found.push(`${scheme} ${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    await signedIn.context().close();
  }
  assert.deepEqual(found, []);
});

// After the tests above: their keys, conversations and deployments fill the pages.
test('every page in the design of the sites: screenshots and no axe-core violation, light and dark', async () => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signInPage = await admin.newPage();
  await signInPage.goto(`${server.dashboard}/dashboard/sign-in`);
  const token = signInPage.locator('input[name=admin-token]');
  assert.ok(await token.isVisible(), 'the admin-token field is shown, not folded away');
  await screenshot(signInPage, 'dashboard-sign-in');
  await token.fill(ADMIN_TOKEN);
  await signInPage.click('form:has(input[name=admin-token]) button[type=submit]');
  await signInPage.waitForURL(`${server.dashboard}/dashboard`);
  await screenshot(signInPage, 'dashboard-organizations');
  await admin.close();

  // An analytics key, so its page lists one with its Revoke step.
  const page = await signIn('acme', 'tess@acme.example');
  await page.goto(`${server.dashboard}/dashboard/acme/analytics-keys`);
  await page.click('form.stack button[type=submit]');
  const prefix = (await page.locator('table.keys tbody tr code.id').first().innerText()).replace('…', '');
  await page.goto(`${server.dashboard}/dashboard/acme/analytics-keys`);
  await page.locator('table.keys tbody tr', { hasText: prefix }).locator('a.button', { hasText: 'Revoke' }).click();
  assert.match(page.url(), /\/analytics-keys\/[^/]+\/revoke$/, 'revoking asks first');
  assert.equal(await page.locator('button.danger').count(), 1);
  await screenshot(page, 'dashboard-analytics-key-revoke-confirm');
  await page.click('a.button:has-text("Cancel")');
  assert.match(await page.locator('table.keys tbody tr', { hasText: prefix }).innerText(), /active/, 'Cancel keeps the key');

  // Navigation is never underlined; ids and prefixes stay on one line.
  await page.goto(`${server.dashboard}/dashboard/acme/relay`);
  const underlined = await page.evaluate(() => [...document.querySelectorAll('header.top a, nav a')]
    .filter((a) => getComputedStyle(a).textDecorationLine.includes('underline')).map((a) => a.textContent));
  assert.deepEqual(underlined, []);
  const live = page.locator('nav.tabs a.live');
  assert.match(await live.innerText(), /View site/);
  const [response] = await Promise.all([page.waitForEvent('response', (r) => r.url().includes('/relay/live')), live.click()]);
  assert.equal(response.status(), 303);
  await page.waitForURL(`http://relay.localhost:${port}/`);
  assert.match(await page.locator('h1').innerText(), /Welcome/, 'the link opens the live site');
  await page.goto(`${server.dashboard}/dashboard/acme`);
  assert.equal(await page.locator('ul.sites a.live').count(), 2, 'each served site links to its live URL');
  for (const code of await page.locator('table.keys code.id').all()) {
    const box = await code.evaluate((el) => ({ white: getComputedStyle(el).whiteSpace, font: getComputedStyle(el).fontFamily,
      height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) || 24 }));
    assert.equal(box.white, 'nowrap');
    assert.match(box.font, /mono/i);
    assert.ok(box.height < box.line * 1.6, `one line: ${JSON.stringify(box)}`);
  }
  const deploymentIds = page.locator('table.deployments code.id');
  await page.goto(`${server.dashboard}/dashboard/acme/relay/deployments`);
  for (const code of await deploymentIds.all()) assert.equal(await code.getAttribute('title'), await code.innerText());
  await page.context().close();

  const pages = [['keys', '/dashboard/acme'], ['analytics-keys', '/dashboard/acme/analytics-keys'], ['insights', '/dashboard/acme/relay'],
    ['gaps', '/dashboard/acme/relay/gaps'], ['feedback', '/dashboard/acme/relay/feedback'],
    ['conversations', '/dashboard/acme/relay/conversations'], ['search', '/dashboard/acme/relay/search'],
    ['pages', '/dashboard/acme/relay/pages'], ['agents', '/dashboard/acme/relay/agents'],
    ['integrations', '/dashboard/acme/relay/integrations'], ['deployments', '/dashboard/acme/relay/deployments'],
    ['readers-public', '/dashboard/acme/relay/readers'], ['readers', '/dashboard/acme/handbook/readers'],
    ['readers-sign-out-confirm', '/dashboard/acme/handbook/readers/sign-out']];
  const found = [];
  for (const scheme of ['light', 'dark']) {
    // A context that lets the test's axe script past the dashboard's policy.
    const signedIn = await signIn('acme', `pages-${scheme}@acme.example`, { bypassCSP: true, colorScheme: scheme });
    const visit = async (name, path) => {
      const res = await signedIn.goto(server.dashboard + path);
      assert.equal(res.status(), 200, path);
      await screenshot(signedIn, `dashboard-page-${name}-${scheme}`);
      await signedIn.addScriptTag({ content: AXE });
      const result = await signedIn.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      for (const v of result.violations) {
        found.push(`${scheme} ${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    };
    for (const [name, path] of pages) await visit(name, path);
    await signedIn.goto(`${server.dashboard}/dashboard/acme/relay/conversations`);
    const thread = await signedIn.locator('table.threads a').first().getAttribute('href');
    await visit('conversation', thread);
    await signedIn.goto(`${server.dashboard}/dashboard/acme/relay/deployments`);
    await visit('activate-confirm', await signedIn.locator('table.deployments a.button').first().getAttribute('href'));
    await signedIn.goto(`${server.dashboard}/dashboard/acme`);
    await visit('revoke-confirm', await signedIn.locator('table.keys a', { hasText: 'Revoke' }).first().getAttribute('href'));
    await signedIn.context().close();
  }
  assert.deepEqual(found, []);
});

test('the Readers page counts reader sessions and signs everyone out after a confirmation step', async () => {
  // The reader signs in with the form's own fields (state and its cookie), outside the browser, which
  // then carries the session cookie.
  const form = await siteRequest('GET', '/login?redirect=%2Fretries');
  const state = /name="state" value="([^"]+)"/.exec(form.body)[1];
  const stateCookie = form.cookies.find((c) => c.startsWith('da_reader_state=')).split(';')[0];
  const signedIn = await siteRequest('POST', '/login', stateCookie,
    `state=${encodeURIComponent(state)}&redirect=%2Fretries&password=${encodeURIComponent(READER_PASSWORD)}`);
  assert.equal(signedIn.status, 303, signedIn.body);
  const session = signedIn.cookies.find((c) => c.startsWith('da_reader=')).split(';')[0].split('=')[1];
  const readerContext = await browser.newContext();
  await readerContext.addCookies([{ name: 'da_reader', value: session, domain: 'handbook.localhost', path: '/', httpOnly: true,
    sameSite: 'Lax' }]);
  const reader = await readerContext.newPage();
  assert.equal((await reader.goto(`http://handbook.localhost:${port}/retries`)).status(), 200);

  const page = await signIn('acme', 'rory@acme.example');
  await page.goto(`${server.dashboard}/dashboard/acme/handbook/readers`);
  assert.match(await page.locator('main').innerText(), /\bpassword\b[\s\S]*set \(not shown\)/);
  assert.doesNotMatch(await page.content(), new RegExp(READER_PASSWORD), 'the password is never shown');
  assert.match(await page.locator('main').innerText(), /1 live reader session\b/);
  await page.click('a.button:has-text("Sign everyone out")');
  assert.match(page.url(), /\/readers\/sign-out$/, 'signing everyone out asks first');
  await page.click('a.button:has-text("Cancel")');
  assert.match(await page.locator('main').innerText(), /1 live reader session\b/, 'Cancel keeps the sessions');
  await page.click('a.button:has-text("Sign everyone out")');
  await page.click('button.danger');
  await page.waitForURL(/\/readers\?signed-out=1$/);
  assert.match(await page.locator('[role=status]').innerText(), /1 reader sessions ended/);
  assert.match(await page.locator('main').innerText(), /0 live reader sessions/);

  await reader.goto(`http://handbook.localhost:${port}/retries`);
  assert.match(reader.url(), /\/login\?redirect=%2Fretries$/, 'the reader signs in again: ' + reader.url());
  await readerContext.close();
  await page.context().close();
});
