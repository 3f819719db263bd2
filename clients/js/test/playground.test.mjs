// The API playground in Chromium against Prism (a mock server no one here wrote, validating every request
// against the same OpenAPI document the site shows: server/src/test/resources/api-sites/playground).
// Path, query, header, JSON body and multipart requests arrive as the form said, sent by the browser
// itself (api.playground.proxy: false) and through the site's playground proxy, from endpoint pages
// generated from the document and from pages written by hand (api: with ParamFields); a request Prism rejects
// shows its 4xx, a request the proxy refuses its message, a response over the proxy's size limit (lowered
// here, from a small local API) is shown cut and says so. Credentials are kept per site in the
// browser; a signed-in reader's apiPlaygroundInputs prefill the form. The playground script is its
// own file, loaded only on endpoint pages, at most 30 KB gzipped; axe-core finds no violation with the
// playground open, light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';
import { freePort, startPrism } from '../lib/prism.mjs';
import { tempDir } from '../lib/tmp.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURE = join(repo, 'server', 'src', 'test', 'resources', 'api-sites', 'playground');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MODES = ['direct', 'proxied'];
/** What the proxy reads of a response at most here, lowered so a small local API can exceed it. */
const MAX_RESPONSE_BYTES = 16384;
let prism;
let server;
let browser;
/** A local API that answers every request with more than the proxy reads of a response. */
let large;

/** The fixture site with its API's server at `port` and docs.json's api settings. */
function site(port, api) {
  const dir = tempDir('docs-assistant-playground-');
  cpSync(FIXTURE, dir, { recursive: true });
  const spec = join(dir, 'openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replace('http://127.0.0.1:4010', `http://127.0.0.1:${port}`));
  const docs = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8'));
  // Pages written by hand (api: front matter) call the same API, under api.mdx.server with its API key.
  const mdx = { server: `http://127.0.0.1:${port}`, auth: { method: 'key', name: 'X-Api-Key' } };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ ...docs, api: { ...api, mdx } }));
  writeFileSync(join(dir, 'write-pet.mdx'), ['---', 'title: Write a pet', 'api: POST /pets', '---',
    '<ParamField body="name" type="string" required placeholder="Rex">Its name</ParamField>',
    '<ParamField body="species" type="string" default="cat" />', ''].join('\n'));
  writeFileSync(join(dir, 'read-pet.mdx'), ['---', 'title: Read a pet', 'api: GET /pets/{petId}', '---',
    '<ParamField path="petId" type="integer" required />', '<ParamField query="fields" type="string" required placeholder="name" />',
    '<ParamField header="X-Trace-Id" type="string" required />', ''].join('\n'));
  return dir;
}

before(async () => {
  const port = await freePort();
  const direct = site(port, { playground: { proxy: false } });
  prism = await startPrism(join(direct, 'openapi.yaml'), port);
  const closed = await freePort();
  large = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('x'.repeat(MAX_RESPONSE_BYTES * 2));
  });
  await new Promise((ok) => large.listen(0, '127.0.0.1', ok));
  const largePort = large.address().port;
  server = await startServer({
    sites: [{ domain: 'direct', path: direct }, { domain: 'proxied', path: site(port, {}) },
      { domain: 'refused', path: site(closed, {}) }, { domain: 'large', path: site(largePort, {}) }],
    yaml: ['api-playground:', `  internal-hosts: ["127.0.0.1:${port}", "127.0.0.1:${largePort}"]`,
      `  max-response-bytes: ${MAX_RESPONSE_BYTES}`],
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); server?.stop(); prism?.stop(); large?.close(); });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, ...options });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** Opens an endpoint page's playground. */
async function open(page, domain, path) {
  await page.goto(`${server.url}/sites/${domain}${path}`);
  await page.click('.api-try');
  await page.waitForSelector('.api-playground:not([hidden]) .pg-send');
}

const input = (page, name) => page.locator(`.pg-field:has(label code:text-is("${name}")) :is(input, select)`);

/** Sends the form and waits for its status line; returns Prism's record of the request that arrived, if any. */
async function send(page) {
  const before = prism.requests().length;
  await page.click('.pg-send');
  await page.waitForFunction(() => document.querySelector('.pg-status')?.textContent && !document.querySelector('.pg-send').disabled);
  return prism.requests().slice(before).at(-1);
}

/** The response's status, else what the status line says instead. */
const statusOf = async (page) => (await page.locator('.pg-status .api-status').count()
  ? page.textContent('.pg-status .api-status') : 'no status: ' + await page.textContent('.pg-status'));

for (const mode of MODES) {
  test(`${mode}: path, query, header and API key arrive as the form said`, async () => {
    const page = await newPage();
    await open(page, mode, '/api/get-a-pet');
    await input(page, 'X-Api-Key (header)').fill(`key-${mode}`);
    await input(page, 'petId').fill('42');
    await input(page, 'fields').selectOption('species');
    await input(page, 'X-Trace-Id').fill('trace-42');
    const arrived = await send(page);
    assert.equal(await statusOf(page), '200', await page.textContent('.api-playground'));
    assert.equal(arrived.method, 'GET');
    assert.equal(arrived.path, '/pets/42');
    assert.equal(arrived.headers['x-trace-id'], 'trace-42');
    assert.equal(arrived.headers['x-api-key'], `key-${mode}`);
    assert.ok(arrived.valid, 'Prism found the request valid (the query parameter too)');
    // The body pretty-printed, the headers listed.
    assert.match(await page.textContent('.pg-response'), /^\{\n {2}"id": 7,\n {2}"name": "Rex"/);
    assert.match(await page.textContent('.pg-headers'), /content-type\s*application\/json/i);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.context().close();
  });

  test(`${mode}: the JSON body is seeded from the example and sent as edited`, async () => {
    const page = await newPage();
    await open(page, mode, '/api/create-a-pet');
    const body = page.locator('textarea.pg-body');
    assert.deepEqual(JSON.parse(await body.inputValue()), { name: 'Rex', species: 'dog' });
    await input(page, 'X-Api-Key (header)').fill('k');
    await body.fill('{"name": "Tom", "species": "cat", "age": 3}');
    const arrived = await send(page);
    assert.equal(await statusOf(page), '201');
    assert.equal(arrived.method, 'POST');
    assert.equal(arrived.path, '/pets');
    assert.match(arrived.headers['content-type'], /^application\/json/);
    assert.deepEqual(JSON.parse(arrived.body), { name: 'Tom', species: 'cat', age: 3 });
    assert.ok(arrived.valid);
    await page.context().close();
  });

  test(`${mode}: a multipart form with a file arrives as parts`, async () => {
    const page = await newPage();
    await open(page, mode, '/api/upload-a-photo');
    await input(page, 'X-Api-Key (header)').fill('k');
    await input(page, 'petId').fill('5');
    await input(page, 'photo').setInputFiles({ name: 'rex.png', mimeType: 'image/png', buffer: Buffer.from('PNG-BYTES-OF-REX') });
    await input(page, 'caption').fill('Rex asleep');
    const arrived = await send(page);
    assert.equal(await statusOf(page), '201', await page.textContent('.api-playground'));
    assert.equal(arrived.path, '/pets/5/photo');
    assert.match(arrived.headers['content-type'], /^multipart\/form-data; boundary=/);
    assert.match(arrived.body, /Content-Disposition: form-data; name="photo"; filename="rex.png"\r?\nContent-Type: image\/png\r?\n\r?\nPNG-BYTES-OF-REX/);
    assert.match(arrived.body, /Content-Disposition: form-data; name="caption"\r?\n\r?\nRex asleep/);
    assert.ok(arrived.valid);
    await page.context().close();
  });

  test(`${mode}: a page written by hand sends its ParamFields, seeded body and API key as the form said`, async () => {
    const page = await newPage();
    await open(page, mode, '/write-pet');
    const body = page.locator('textarea.pg-body');
    assert.deepEqual(JSON.parse(await body.inputValue()), { name: 'Rex', species: 'cat' }, 'seeded from placeholder and default');
    await input(page, 'X-Api-Key (header)').fill(`manual-${mode}`);
    let arrived = await send(page);
    assert.equal(await statusOf(page), '201', await page.textContent('.api-playground'));
    assert.equal(arrived.method, 'POST');
    assert.equal(arrived.path, '/pets');
    assert.equal(arrived.headers['x-api-key'], `manual-${mode}`);
    assert.match(arrived.headers['content-type'], /^application\/json/);
    assert.deepEqual(JSON.parse(arrived.body), { name: 'Rex', species: 'cat' });
    assert.ok(arrived.valid);

    await open(page, mode, '/read-pet');
    await input(page, 'petId').fill('9');
    await input(page, 'fields').fill('species');
    await input(page, 'X-Trace-Id').fill('trace-9');
    arrived = await send(page);
    assert.equal(await statusOf(page), '200', await page.textContent('.api-playground'));
    assert.equal(arrived.path, '/pets/9');
    assert.equal(arrived.headers['x-trace-id'], 'trace-9');
    assert.equal(arrived.headers['x-api-key'], `manual-${mode}`, 'the key kept for the site');
    assert.ok(arrived.valid, 'Prism found the request valid (the query parameter too)');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.context().close();
  });

  test(`${mode}: a request Prism rejects shows its 4xx`, async () => {
    const page = await newPage();
    await open(page, mode, '/api/get-a-pet');
    await input(page, 'X-Api-Key (header)').fill('k');
    await input(page, 'petId').fill('3');
    await input(page, 'fields').selectOption('name');
    // X-Trace-Id, required, left empty: the form lets it go, the API decides.
    const arrived = await send(page);
    assert.equal(arrived.valid, false);
    assert.equal(await statusOf(page), '422');
    assert.match(await page.textContent('.pg-response'), /x-trace-id/i);
    await page.context().close();
  });
}

test('a request the proxy refuses is a clear message in the playground', async () => {
  const page = await newPage();
  await open(page, 'refused', '/api/get-a-pet');
  await input(page, 'petId').fill('1');
  await send(page);
  const status = page.locator('.pg-status');
  assert.match(await status.getAttribute('class'), /pg-error/);
  assert.match(await status.textContent(), /^The playground's proxy did not deliver this request \(403\): .+/);
  await page.context().close();
});

test('a response over the proxy\'s size limit is shown cut, and says so', async () => {
  const page = await newPage();
  await open(page, 'large', '/api/get-a-pet');
  await input(page, 'petId').fill('1');
  await send(page);
  assert.equal(await statusOf(page), '200');
  assert.match(await page.textContent('.pg-status'), /the response was cut at its size limit/);
  const shown = await page.textContent('.pg-response');
  assert.ok(shown.includes('x'.repeat(1000)) && !shown.includes('x'.repeat(MAX_RESPONSE_BYTES + 1)),
    `the body shown is the part read: ${shown.length} characters`);
  await page.context().close();
});

test('credentials stay in the browser, per site', async () => {
  const page = await newPage();
  await open(page, 'direct', '/api/get-a-pet');
  await input(page, 'X-Api-Key (header)').fill('secret-of-direct');
  await page.reload();
  await page.click('.api-try');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), 'secret-of-direct', 'kept across pages of the site');
  const stored = await page.evaluate(() => Object.keys(localStorage));
  assert.deepEqual(stored, [`docs-assistant:playground:${new URL(server.url).origin}/sites/direct`]);
  // Another site on the same origin keeps its own.
  await open(page, 'proxied', '/api/get-a-pet');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), '');
  await page.click('.pg-secondary');
  await open(page, 'direct', '/api/get-a-pet');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), 'secret-of-direct');
  await page.click('.pg-secondary');
  await page.reload();
  await page.click('.api-try');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), '', 'forgotten');
  await page.context().close();
});

test('the playground script is a file of its own, loaded on endpoint pages only, at most 30 KB gzipped', async () => {
  const page = await newPage();
  const scripts = [];
  page.on('response', async (r) => { if (/\.js(\?|$)/.test(r.url())) scripts.push({ url: r.url(), body: await r.body() }); });
  await page.goto(`${server.url}/sites/direct/index`);
  await page.waitForLoadState('networkidle');
  assert.ok(!scripts.some((s) => /playground/.test(s.url)), 'not on a page of prose: ' + scripts.map((s) => s.url));
  await page.goto(`${server.url}/sites/direct/api/get-a-pet`);
  await page.waitForSelector('.api-try');
  await page.waitForLoadState('networkidle');
  const chunk = scripts.find((s) => /\/chunks\/playground-[^/]+\.js/.test(s.url));
  assert.ok(chunk, 'the playground chunk was loaded: ' + scripts.map((s) => s.url));
  const gzipped = gzipSync(chunk.body, { level: 9 }).length;
  console.log(`playground script: ${chunk.body.length} bytes, ${gzipped} gzipped`);
  assert.ok(gzipped <= 30 * 1024, `${gzipped} bytes gzipped`);
  await page.context().close();
});

test('without JavaScript the endpoint page is the reference alone', async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(`${server.url}/sites/direct/api/get-a-pet`);
  assert.equal(await page.locator('.api-try').count(), 0);
  assert.ok(await page.isVisible('.api-request-examples'));
  assert.match(await page.textContent('.prose'), /X-Trace-Id/);
  await page.context().close();
});

test('axe-core finds no violation with the playground open and answered, light and dark, wide and narrow', async () => {
  const found = [];
  for (const [scheme, viewport] of [['light', { width: 1300, height: 900 }], ['dark', { width: 1300, height: 900 }], ['dark', { width: 390, height: 844 }]]) {
    // axe is injected as a script of the test: this context lets it past the page's policy.
    const page = await newPage({ bypassCSP: true, colorScheme: scheme, viewport });
    await open(page, 'direct', '/api/create-a-pet');
    await input(page, 'X-Api-Key (header)').fill('k');
    await send(page);
    await page.evaluate(() => document.querySelectorAll('.api-playground details').forEach((d) => { d.open = true; }));
    await screenshot(page, `api-playground-${scheme}-${viewport.width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px at ${viewport.width}px`);
    await page.addScriptTag({ content: AXE });
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    found.push(...result.violations.map((v) => `${scheme} ${viewport.width}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test("a signed-in reader's apiPlaygroundInputs prefill the playground; what the reader keeps in this browser wins", async () => {
  const page = await newPage();
  const inputs = { header: { 'x-api-key': 'reader-key', 'X-Trace-Id': 'trace-9' }, path: { petId: '9' }, query: { other: 'x' } };
  // The element the server puts on a signed-in reader's endpoint page (ApiPlaygroundPageTest checks it is there).
  await page.route('**/sites/proxied/api/get-a-pet', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</body>',
      `<script type="application/json" id="api-playground-inputs">${JSON.stringify(inputs)}</script></body>`);
    await route.fulfill({ response, body: html });
  });
  await open(page, 'proxied', '/api/get-a-pet');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), 'reader-key', 'the API key, its header name in any case');
  assert.equal(await input(page, 'X-Trace-Id').inputValue(), 'trace-9', 'a header parameter');
  assert.equal(await input(page, 'petId').inputValue(), '9', 'a path parameter');
  await input(page, 'fields').selectOption('species');
  const arrived = await send(page);
  assert.equal(await statusOf(page), '200', await page.textContent('.api-playground'));
  assert.equal(arrived.headers['x-api-key'], 'reader-key');
  assert.equal(arrived.path, '/pets/9');
  await input(page, 'X-Api-Key (header)').fill('typed-key');
  await page.reload();
  await page.click('.api-try');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), 'typed-key', 'what the reader typed is kept over the given');
  await page.click('.pg-secondary');
  assert.equal(await input(page, 'X-Api-Key (header)').inputValue(), 'reader-key', 'forgotten: the given value again');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
