// A site served at a subpath of another application's host, as Mintlify's deploy/reverse-proxy page
// sets it up: Debian's nginx answers for example.localhost, keeps / for the host's own application and
// forwards /docs and /docs/* unchanged to the server (sites[].path-prefix: /docs). A reader in Chromium
// opens the docs, follows the navigation, searches and opens a result from the search box, and asks
// the assistant (the offline answer): every request the pages make stays under /docs/ of that host,
// and none is answered 404.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startServer, exampleSite } from '../lib/server.mjs';
import { launchBrowser } from '../lib/browser.mjs';
import { tempDir } from '../lib/tmp.mjs';

const KEY = 'svc_dsc_' + 'subpathTestKeyForTheAcmeSiteBehindNginx_0123456789';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const HOST = 'example.localhost';
let server;
let nginx;
let nginxDir;
let browser;
let front;

/** A port free now (nginx needs a number in its configuration before the server's url can name it). */
const freePort = () => new Promise((ok, fail) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  s.on('error', fail);
});

/** The example site without its analytics integration (a script of another host, which a subpath does not change). */
function exampleWithoutIntegrations() {
  const dir = tempDir('docs-assistant-subpath-');
  cpSync(exampleSite.path, dir, { recursive: true });
  const docs = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8'));
  delete docs.integrations;
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs));
  return { domain: 'acme', path: dir };
}

/** deploy/reverse-proxy: /docs and /docs/* to the server, the path unchanged, the client's Host and address passed on. */
function nginxConf(dir, port, upstream) {
  const forward = `
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header User-Agent $http_user_agent;
      proxy_http_version 1.1;
      proxy_buffering off;
      add_header Cache-Control "no-cache, no-store, must-revalidate";`;
  return `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 128; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name ${HOST};
    location / { default_type text/plain; return 200 "the company's own application\\n"; }
    location = /docs { proxy_pass ${upstream};${forward} }
    location /docs/ { proxy_pass ${upstream}/docs/;${forward} }
  }
}
`;
}

before(async () => {
  if (!NGINX) throw new Error('nginx not found (bin/test-services installs it with apt-get install nginx)');
  const port = await freePort();
  front = `http://${HOST}:${port}`;
  server = await startServer({
    sites: [exampleWithoutIntegrations()],
    siteYaml: { acme: [`assistant-key: ${KEY}`, `url: "${front}"`, 'path-prefix: /docs'] },
    timeoutMs: 240000,
  });
  nginxDir = tempDir('docs-assistant-nginx-');
  mkdirSync(join(nginxDir, 'tmp'));
  writeFileSync(join(nginxDir, 'nginx.conf'), nginxConf(nginxDir, port, server.url));
  nginx = spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  nginx.stderr.on('data', (b) => { err += b; });
  const deadline = Date.now() + 15000;
  while ((await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status !== 200) {
    if (nginx.exitCode !== null || Date.now() > deadline) throw new Error('nginx did not start: ' + err);
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  nginx?.kill();
  server?.stop();
});

/** GET through nginx as a browser at example.localhost would (Node's resolver does not map *.localhost to loopback). */
function get(path) {
  const { port } = new URL(front);
  return new Promise((ok, fail) => {
    request({ host: '127.0.0.1', port, path, headers: { host: new URL(front).host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => ok({ status: res.statusCode, location: res.headers.location, body }));
    }).on('error', fail).end();
  });
}

/** A page whose every request is recorded with its answer's status; requests to any other host are aborted. */
async function recordingPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.requests = [];
  const seen = new Map();
  page.on('request', (r) => {
    const entry = { url: r.url(), method: r.method(), status: 0 };
    seen.set(r, entry);
    page.requests.push(entry);
  });
  page.on('response', (res) => { const entry = seen.get(res.request()); if (entry) entry.status = res.status(); });
  // A stream the page stops reading once it has what it wants (the assistant's, after its last event)
  // ends as "aborted" after its 200: only a request that got no answer at all failed.
  page.on('requestfailed', (r) => { const entry = seen.get(r); if (entry && !entry.status) entry.failure = r.failure()?.errorText; });
  await context.route('**/*', (route) => (new URL(route.request().url()).host === new URL(front).host ? route.continue() : route.abort())
    .catch((e) => { if (!/already handled|closed/i.test(e.message)) throw e; }));
  return page;
}

/** Requests that left /docs/ of the front host, failed, or were answered 404 (or any error). */
function strays(page) {
  return page.requests.filter(({ url, status, failure }) => {
    const u = new URL(url);
    const under = u.origin === front && (u.pathname === '/docs' || u.pathname.startsWith('/docs/'));
    return !under || failure || status >= 400;
  });
}

test('the host keeps its own application at the root; /docs goes to the docs', async () => {
  assert.equal((await get('/')).body, "the company's own application\n");
  const bare = await get('/docs');
  assert.equal(bare.status, 308);
  assert.equal(bare.location, '/docs/');
  const llms = (await get('/docs/llms.txt')).body;
  assert.ok(llms.includes(`(${front}/docs/guides/retries.md)`), llms);
  const sitemap = (await get('/docs/sitemap.xml')).body;
  assert.ok(sitemap.includes(`<loc>${front}/docs/quickstart</loc>`), sitemap);
});

test('a reader navigates, searches, opens a result and asks the assistant without leaving /docs/', async () => {
  const page = await recordingPage();
  await page.goto(front + '/docs');
  await page.waitForLoadState('networkidle');
  assert.match(new URL(page.url()).pathname, /^\/docs\//, page.url());
  const config = JSON.parse(await page.locator('script#da\\:config').textContent());
  assert.equal(config.base, '/docs');
  assert.equal(config.api, '/docs');

  // The navigation: a sidebar link, then the pager's next page.
  await page.click('nav.sidebar a[href="/docs/guides/retries"]');
  await page.waitForURL(front + '/docs/guides/retries');
  await page.waitForLoadState('networkidle');
  const next = page.locator('.pager a').last();
  const nextHref = await next.getAttribute('href');
  assert.match(nextHref, /^\/docs\//);
  await next.click();
  await page.waitForURL(front + nextHref);

  // The search box: results as you type, one opened (the click reported to the search analytics).
  await page.keyboard.press('Control+k');
  await page.keyboard.type('retry schedule');
  await page.waitForSelector('dialog.search-dialog [role=option] a');
  const hit = page.locator('dialog.search-dialog [role=option] a').first();
  const hitHref = await hit.getAttribute('href');
  assert.match(hitHref, /^\/docs\//, hitHref);
  const reported = page.waitForResponse((r) => r.url().endsWith('/v1/search/acme/click'));
  // The opened page's document waits until the report is answered: a keepalive request answered after
  // the next document commits is not reported to this page's listeners.
  await page.route('**/*', async (route) => {
    if (route.request().isNavigationRequest()) await reported.catch(() => {});
    await route.continue();
  });
  await hit.click();
  assert.equal((await reported).status(), 204, 'the opened result was recorded');
  await page.unrouteAll({ behavior: 'wait' });
  await page.waitForURL((u) => u.href.startsWith(front + hitHref.split('#')[0]));
  await page.waitForLoadState('networkidle');

  // The assistant: the offline answer, its sources linking under /docs/.
  await page.click('[data-open-assistant]');
  await page.fill('.assistant-form textarea', 'How are failed deliveries retried?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 60000 });
  const sources = await page.locator('.message-assistant .message-sources a').evaluateAll((as) => as.map((a) => a.href));
  assert.ok(sources.length > 0);
  for (const s of sources) assert.ok(s.startsWith(front + '/docs/'), s);
  await page.waitForLoadState('networkidle');

  const calls = page.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
  for (const expected of ['GET /docs/_assets/site.css', 'GET /docs/_assets/site.js', 'POST /docs/v1/search/acme',
    'POST /docs/v1/search/acme/click', 'POST /docs/v2/assistant/acme/message']) {
    assert.ok(calls.includes(expected), `${expected} in ${calls.join('\n')}`);
  }
  assert.ok(calls.some((c) => c.startsWith('GET /docs/_assets/chunks/')), 'the chunks load under /docs/ too');
  assert.deepEqual(strays(page), [], 'requests outside /docs/, failed or not found');
  const errors = readFileSync(join(nginxDir, 'error.log'), 'utf8').split('\n').filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
  assert.deepEqual(errors, [], 'nginx logged no error');
});
