// Keys and CORS as a browser app sees them through the real AI SDK transport and fetch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import { startServer, exampleSite } from '../lib/server.mjs';

let server;
before(async () => { server = await startServer({ sites: [exampleSite] }); });
after(() => server?.stop());

const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How are failed deliveries retried?' }] };

async function send(headers) {
  const transport = new ai6.DefaultChatTransport({ api: `${server.url}/v2/assistant/acme/message`, body: { fp: 'anonymous' }, headers });
  const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'c', messageId: undefined,
    abortSignal: undefined, messages: [message] });
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return chunks;
}

test('ai@6 without a key fails with the 401 message; with the key it streams', async () => {
  await assert.rejects(send({}), /missing Authorization header/);
  await assert.rejects(send({ Authorization: 'Bearer svc_dsc_' + 'A'.repeat(43) }), /invalid key/);
  const chunks = await send({ Authorization: server.authorization });
  assert.equal(chunks.at(-1).type, 'finish');
});

test('a browser preflight is answered and the response headers a page needs are exposed', async () => {
  const origin = 'https://docs.example.com';
  const pre = await fetch(`${server.url}/v2/assistant/acme/message`, { method: 'OPTIONS', headers: {
    Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' } });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), origin);
  assert.match(pre.headers.get('access-control-allow-headers'), /authorization/i);
  assert.equal(pre.headers.get('access-control-allow-credentials'), null);

  const res = await fetch(`${server.url}/v1/search/acme`, { method: 'POST', headers: {
    Origin: origin, Authorization: server.authorization, 'Content-Type': 'application/json' }, body: '{"query":"retries"}' });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), origin);
  const exposed = res.headers.get('access-control-expose-headers').split(/\s*,\s*/).map((h) => h.toLowerCase());
  for (const h of ['x-thread-id', 'x-thread-key', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']) {
    assert.ok(exposed.includes(h), h);
  }
  assert.equal(res.headers.get('ratelimit-limit'), '10000');
  assert.ok(Number(res.headers.get('ratelimit-remaining')) < 10000);
});
