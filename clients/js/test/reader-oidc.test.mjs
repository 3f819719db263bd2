// Readers signing in through a real OpenID provider: oidc-provider (the certified Node implementation)
// runs on loopback with two readers in different groups (a groups claim in the ID token) and the
// site registered as a client. Chromium signs each reader in through the provider's own pages and
// finds that reader's group's pages in the navigation, the search page and the Ask AI panel, never
// the other's; logout ends the session. A replayed authorization code and an answer forced into
// another browser (login CSRF) are refused. The MCP TypeScript SDK's client completes the OAuth flow
// against the site's protected MCP route and reads the reader's pages. (Tokens of another issuer or
// audience, expired, unsigned or forged, which a real provider will not issue, are OidcMethodTest's.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { startServer } from '../lib/server.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const ENTERPRISE = 'ENTERPRISE-ONLY-MARKER-7Q';
const FREE = 'FREE-PLAN-MARKER-3Z';
const READERS = { alice: ['enterprise'], bob: ['free'] };

let server;
let browser;
let port;
let op;
let issuer;
/** When set, the provider's next redirect back to the site is held and handed to it instead. */
let holdAnswer;

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-oidc-'));
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Handbook',
    navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'Plans', pages: ['guide', 'enterprise', 'free'] }] },
  }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Welcome\npublic: true\n---\n\nThe handbook of the webhook relay.\n');
  writeFileSync(join(dir, 'guide.mdx'), '---\ntitle: Guide\n---\n\nEvery signed-in reader reads how deliveries are retried.\n');
  writeFileSync(join(dir, 'enterprise.mdx'), `---\ntitle: Enterprise limits\ngroups: [enterprise]\n---\n\n`
    + `Enterprise plans deliver ten thousand webhooks a second. ${ENTERPRISE}\n`);
  writeFileSync(join(dir, 'free.mdx'), `---\ntitle: Free limits\ngroups: [free]\n---\n\n`
    + `Free plans deliver ten webhooks a second. ${FREE}\n`);
  return { domain: 'handbook', path: dir, organization: 'acme' };
}

before(async () => {
  // The provider's port first (the site's configuration names the issuer), the provider itself once
  // the site's port is known (its client's redirect URIs name it).
  let handler = (req, res) => { res.statusCode = 503; res.end(); };
  op = createServer((req, res) => handler(req, res));
  await new Promise((ok) => op.listen(0, '127.0.0.1', ok));
  issuer = `http://127.0.0.1:${op.address().port}`;
  server = await startServer({
    sites: [site()],
    yaml: [`egress: {allow: ["127.0.0.1:${op.address().port}"]}`],
    siteYaml: {
      handbook: ['reader-auth:', '  method: oidc', '  oidc:', `    issuer: ${issuer}`, '    client-id: docs',
        '    client-secret: docs-client-secret', '    scopes: [openid, email, groups]', '    groups-claim: groups',
        `    logout-url: ${issuer}/signed-out`],
    },
    timeoutMs: 120000,
  });
  port = new URL(server.url).port;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: 'docs', client_secret: 'docs-client-secret', grant_types: ['authorization_code'], response_types: ['code'],
      redirect_uris: [`http://handbook.localhost:${port}/login/callback`, `http://127.0.0.1:${port}/sites/handbook/login/callback`],
    }],
    claims: { openid: ['sub'], email: ['email'], groups: ['groups'] },
    conformIdTokenClaims: false, // the groups claim in the ID token, where the site reads it
    cookies: { keys: ['cookie-key-of-the-oidc-test-provider'] },
    findAccount: (ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: `${id}@example.com`, groups: READERS[id] ?? [] }) }),
  });
  provider.use(async (ctx, next) => {
    await next();
    const to = String(ctx.response.get('location') ?? '');
    if (holdAnswer && to.includes('/login/callback?')) {
      holdAnswer(to);
      holdAnswer = undefined;
      ctx.status = 200;
      ctx.remove('location');
      ctx.body = 'held by the test';
    }
  });
  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url === '/signed-out') { res.end('signed out at the provider'); return; }
    callback(req, res);
  };
  browser = await launchBrowser();
});

after(async () => { await browser?.close(); server?.stop(); op?.close(); });

/** GET of the site's own host outside the browser: status, Location and cookies set. */
const siteGet = (path, cookie) => new Promise((ok, fail) => {
  const req = request({ host: '127.0.0.1', port, path, headers: { host: `handbook.localhost:${port}`, cookie } }, (res) => {
    res.resume();
    ok({ status: res.statusCode, location: res.headers.location, cookies: res.headers['set-cookie'] ?? [] });
  });
  req.on('error', fail);
  req.end();
});

/** Signs `who` in at the provider's own pages (its login form, then its consent). */
async function atProvider(page, who) {
  await page.waitForSelector('input[name=login]');
  await page.fill('input[name=login]', who);
  await page.fill('input[name=password]', 'any password');
  await page.click('button[type=submit]');
  await page.waitForSelector('input[name=prompt][value=consent]', { state: 'attached' });
  await page.click('button[type=submit]').catch(() => {}); // consent: Continue (its answer may be held by the test)
}

async function signedIn(who, path = '/enterprise') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://handbook.localhost:${port}${path}`);
  await atProvider(page, who);
  await page.waitForURL(`http://handbook.localhost:${port}${path}`);
  return { context, page };
}

test('a reader signs in at the provider and reads the pages of their group only', async () => {
  const anonymous = await fetch(`${server.url}/sites/handbook/enterprise`, { redirect: 'manual', headers: { accept: 'text/html' } });
  assert.equal(anonymous.status, 302, 'a private page sends an unknown visitor to sign in');

  const { context, page } = await signedIn('alice');
  assert.match(await page.locator('main').innerText(), new RegExp(ENTERPRISE));
  const nav = await page.locator('.sidebar').innerText();
  assert.match(nav, /Enterprise limits/);
  assert.doesNotMatch(nav, /Free limits/);
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'da_reader');
  assert.ok(session?.httpOnly && session.sameSite === 'Lax' && session.domain === 'handbook.localhost', JSON.stringify(cookies));

  await page.fill('form.search input', 'webhooks a second');
  await page.press('form.search input', 'Enter');
  await page.waitForURL(/\/_search\?q=/);
  const hits = await page.locator('main').innerText();
  assert.match(hits, /Enterprise limits/);
  assert.doesNotMatch(hits, /Free limits|FREE-PLAN/);

  const other = await page.goto(`http://handbook.localhost:${port}/free`);
  assert.equal(other.status(), 404, "another group's page answers as a missing page");
  assert.doesNotMatch(await page.content(), new RegExp(FREE));

  await page.goto(`http://handbook.localhost:${port}/guide`);
  await page.click('[data-open-assistant]');
  await page.fill('.assistant-form textarea', 'How many webhooks a second do plans deliver?');
  await page.click('.assistant-form button[type=submit]');
  await page.waitForSelector('.message-assistant .message-sources a', { timeout: 30000 });
  const answer = await page.locator('.message-assistant').first().innerText();
  assert.match(answer, /ten thousand webhooks/i, answer);
  assert.doesNotMatch(answer, new RegExp(`${FREE}|ten webhooks a second`), answer);
  await screenshot(page, 'reader-oidc-signed-in');

  await page.goto(`http://handbook.localhost:${port}/logout`);
  await page.waitForURL(`${issuer}/signed-out`);
  assert.deepEqual((await context.cookies()).filter((c) => c.name === 'da_reader'), [], 'the session cookie is gone');
  const after = await siteGet('/enterprise', `da_reader=${session.value}`);
  assert.equal(after.status, 302, 'the session itself ended: its old cookie opens nothing');
  assert.match(after.location, /\/login\?redirect=/);
  await context.close();
});

test("another group's reader sees their own pages and not the first's", async () => {
  const { context, page } = await signedIn('bob', '/free');
  assert.match(await page.locator('main').innerText(), new RegExp(FREE));
  assert.doesNotMatch(await page.locator('.sidebar').innerText(), /Enterprise limits/);
  const md = await page.goto(`http://handbook.localhost:${port}/enterprise.md`);
  assert.equal(md.status(), 404);
  const llms = await page.goto(`http://handbook.localhost:${port}/llms-full.txt`);
  assert.doesNotMatch(await llms.text(), new RegExp(ENTERPRISE));
  await context.close();
});

/**
 * Signs `who` in up to the provider's answer and returns its callback URL without the browser
 * delivering it: the provider itself holds its redirect back to the site (a test hook in front of it).
 */
async function heldAnswer(context, who) {
  const page = await context.newPage();
  const held = new Promise((ok) => { holdAnswer = ok; });
  await page.goto(`http://handbook.localhost:${port}/guide`);
  await atProvider(page, who);
  const answer = await held;
  assert.match(answer, /\/login\/callback\?code=/);
  return { page, answer };
}

test("login CSRF: an answer forced into another reader's browser is refused", async () => {
  const mallory = await browser.newContext();
  const { answer } = await heldAnswer(mallory, 'alice');
  const victim = await browser.newContext();
  const page = await victim.newPage();
  const forced = await page.goto(answer);
  assert.equal(forced.status(), 403, 'a browser that started no sign-in');
  assert.match(await page.locator('[role=alert]').innerText(), /not started in this browser/);
  assert.equal((await victim.cookies()).filter((c) => c.name === 'da_reader').length, 0);
  // A victim with a sign-in of their own under way: the answer's state is not theirs.
  await page.goto(`http://handbook.localhost:${port}/guide`);
  await page.waitForSelector('input[name=login]');
  const again = await page.goto(answer);
  assert.equal(again.status(), 403);
  assert.equal((await victim.cookies()).filter((c) => c.name === 'da_reader').length, 0);
  await mallory.close();
  await victim.close();
});

test('a replayed authorization code is refused, by the site and by the provider', async () => {
  const context = await browser.newContext();
  const { page, answer } = await heldAnswer(context, 'alice');
  const first = await page.goto(answer);
  assert.equal(first.status(), 200, 'the first return signs in');
  assert.match(await page.locator('main').innerText(), /Every signed-in reader/);
  const replay = await page.goto(answer);
  assert.equal(replay.status(), 403, 'the same return again finds no sign-in under way');
  // A fresh sign-in of this browser (its own state) carrying the used code: the provider refuses it.
  const start = await siteGet('/login?redirect=/guide', '');
  const state = new URL(start.location).searchParams.get('state');
  const stateCookie = start.cookies.find((c) => c.startsWith('da_reader_state='));
  assert.ok(state && stateCookie, JSON.stringify(start));
  await context.addCookies([{ name: 'da_reader_state', value: stateCookie.split(';')[0].split('=')[1], domain: 'handbook.localhost',
    path: '/', httpOnly: true, sameSite: 'Lax' }]);
  const reused = new URL(answer);
  reused.searchParams.set('state', state);
  const refused = await page.goto(reused.href);
  assert.equal(refused.status(), 401, await page.content());
  // A page of the site saying why, with a way back to sign in (not the API's JSON).
  assert.match(await page.locator('[role=alert]').innerText(), /invalid_grant/);
  assert.equal(await page.locator('header.topbar').count(), 1);
  assert.equal(await page.locator('a.reader-sign-in-again').getAttribute('href'), '/login?redirect=%2Fguide');
  await context.close();
});

test("the MCP SDK's client authorizes against the site's protected MCP route and reads the reader's pages", async () => {
  const mcpUrl = new URL(`${server.url}/sites/handbook/authed/mcp`);
  const context = await browser.newContext();
  const page = await context.newPage();
  const redirectUrl = 'http://127.0.0.1:9/mcp-callback';
  let code;
  await page.route('http://127.0.0.1:9/**', (route) => { code = new URL(route.request().url()).searchParams.get('code'); route.abort(); });
  const stored = {};
  const provider = {
    get redirectUrl() { return redirectUrl; },
    get clientMetadata() {
      return { client_name: 'Test IDE', redirect_uris: [redirectUrl], grant_types: ['authorization_code'], response_types: ['code'],
        token_endpoint_auth_method: 'none' };
    },
    clientInformation: () => stored.client,
    saveClientInformation: (info) => { stored.client = info; },
    tokens: () => stored.tokens,
    saveTokens: (tokens) => { stored.tokens = tokens; },
    saveCodeVerifier: (v) => { stored.verifier = v; },
    codeVerifier: () => stored.verifier,
    // The IDE opens the authorization URL in the reader's browser: sign-in at the provider, then consent.
    redirectToAuthorization: async (url) => {
      await page.goto(url.href).catch(() => {});
      await atProvider(page, 'alice');
      await page.waitForURL(/\/oauth\/consent\?request=/);
      assert.match(await page.locator('main').innerText(), /Test IDE/);
      await page.click('button[value=allow]').catch(() => {});
      for (let i = 0; !code && i < 100; i++) await new Promise((r) => setTimeout(r, 100));
    },
  };
  const client = new Client({ name: 'reader-oidc-test', version: '1.0.0' });
  let transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await assert.rejects(client.connect(transport), UnauthorizedError, 'the route asks for authorization first');
  assert.ok(code, 'the reader allowed the client and the site gave it a code');
  await transport.finishAuth(code);
  assert.ok(stored.tokens?.access_token, 'the code was exchanged for a token');
  transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await client.connect(transport);
  const page1 = await client.callTool({ name: 'get_page', arguments: { path: '/enterprise' } });
  assert.ok(!page1.isError, JSON.stringify(page1));
  assert.match(JSON.stringify(page1.content), new RegExp(ENTERPRISE));
  const page2 = await client.callTool({ name: 'get_page', arguments: { path: '/free' } });
  assert.ok(page2.isError, 'not the other group: ' + JSON.stringify(page2));
  assert.doesNotMatch(JSON.stringify(page2), new RegExp(FREE));
  const found = await client.callTool({ name: 'search', arguments: { query: 'webhooks a second' } });
  assert.match(JSON.stringify(found), /Enterprise limits/);
  assert.doesNotMatch(JSON.stringify(found), /Free limits|FREE-PLAN/);
  await client.close();
  await context.close();
});
