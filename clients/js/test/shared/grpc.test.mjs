// The gRPC twin driven by an independent client: @grpc/grpc-js with @grpc/proto-loader reading the repository's .proto.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../lib/server.mjs';
import { assistantClient, collect, unary, status, metadata } from '../../lib/grpc.mjs';

const QUESTION = 'Which exit code does the Inspector CLI use when the server needs authentication?';
let server;
let client;

before(async () => {
  server = await startServer();
  client = assistantClient(server.url);
});
after(() => { client?.close(); server?.stop(); });

function question(text, extra = {}) {
  return {
    domain: 'mcp', fp: 'anonymous', retrievalPageSize: 5,
    messages: [{ id: 'm1', role: 'ROLE_USER', parts: [{ text: { text } }] }],
    ...extra,
  };
}

const auth = () => metadata(server.authorization);
const text = (events) => events.filter((e) => e.event === 'textDelta').map((e) => e.textDelta.delta).join('');

test('CreateMessage streams start, sources, text deltas and finish', async () => {
  const { events, error } = await collect(client.createMessage(question(QUESTION), auth()));
  assert.equal(error, null);
  const kinds = events.map((e) => e.event);
  assert.equal(kinds[0], 'start');
  assert.equal(kinds.at(-1), 'finish');
  const firstText = kinds.indexOf('textDelta');
  assert.ok(firstText > 1 && kinds.slice(1, firstText).every((k) => k === 'source'), kinds.join(','));
  const { start } = events[0];
  assert.match(start.threadId, /^thr_/);
  assert.ok(start.threadKey.length > 0);
  assert.equal(events.at(-1).finish.threadId, start.threadId);
  assert.match(text(events), /inspector\/cli/);

  const next = await collect(client.createMessage(question('and when the server cannot be reached?', { threadId: start.threadId }), auth()));
  assert.equal(next.error, null);
  assert.equal(next.events[0].start.threadId, start.threadId);
});

test('the same question through REST v2 and gRPC gives the same text and sources', async () => {
  const res = await fetch(`${server.url}/v2/assistant/mcp/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: server.authorization },
    body: JSON.stringify({ fp: 'anonymous', retrievalPageSize: 5, messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: QUESTION }] }] }),
  });
  assert.equal(res.status, 200);
  const rest = (await res.text()).split('\n').filter((l) => l.startsWith('data: {')).map((l) => JSON.parse(l.slice(6)));
  const restText = rest.filter((e) => e.type === 'text-delta').map((e) => e.delta).join('');
  const restSources = rest.filter((e) => e.type === 'source-url').map((e) => [e.sourceId, e.url, e.title]);

  const { events, error } = await collect(client.createMessage(question(QUESTION), auth()));
  assert.equal(error, null);
  const grpcSources = events.filter((e) => e.event === 'source').map((e) => [e.source.sourceId, e.source.url, e.source.title]);
  assert.ok(restSources.length > 0);
  assert.deepEqual(grpcSources, restSources);
  assert.equal(text(events), restText);
});

test('cancelling mid-stream ends the call with CANCELLED and the server keeps serving', async () => {
  const call = client.createMessage(question(QUESTION), auth());
  const seen = [];
  const ended = new Promise((ok) => {
    call.on('data', (e) => { seen.push(e); if (seen.length === 1) call.cancel(); });
    call.on('error', ok);
    call.on('end', () => ok(null));
  });
  const error = await ended;
  assert.equal(error?.code, status.CANCELLED, String(error));
  assert.equal(seen[0].event, 'start');
  assert.ok(!seen.some((e) => e.event === 'finish'), 'no finish after a cancel');
  const again = await collect(client.createMessage(question(QUESTION), auth()));
  assert.equal(again.error, null);
});

test('a deadline that passes ends the call with DEADLINE_EXCEEDED', async () => {
  const full = await collect(client.createMessage(question(QUESTION), auth(), { deadline: Date.now() + 30_000 }));
  assert.equal(full.error, null);
  const { events, error } = await collect(client.createMessage(question(QUESTION), auth(), { deadline: Date.now() + 3 }));
  assert.equal(error?.code, status.DEADLINE_EXCEEDED, String(error));
  assert.ok(events.length < full.events.length, `${events.length} of ${full.events.length} events`);
});

test('bad input is INVALID_ARGUMENT naming the field; unknown things are NOT_FOUND', async () => {
  const tooMany = await collect(client.createMessage(question(QUESTION, { retrievalPageSize: 51 }), auth()));
  assert.equal(tooMany.error?.code, status.INVALID_ARGUMENT);
  assert.equal(tooMany.error.details, 'retrieval_page_size must be an integer from 1 to 50');
  assert.equal(tooMany.events.length, 0);
  const noRole = await collect(client.createMessage({ ...question(QUESTION), messages: [{ parts: [{ text: { text: 'hi' } }] }] }, auth()));
  assert.equal(noRole.error?.details, 'messages[0].role is required');
  const unknownThread = await collect(client.createMessage(question(QUESTION, { threadId: 'thr_nope' }), auth()));
  assert.equal(unknownThread.error?.code, status.NOT_FOUND);
  assert.equal(unknownThread.error.details, 'thread not found: thr_nope');
});

test('the key is checked as REST checks it', async () => {
  const none = await collect(client.createMessage(question(QUESTION), metadata(null)));
  assert.equal(none.error?.code, status.UNAUTHENTICATED);
  assert.equal(none.error.details, "missing Authorization header: send 'Authorization: Bearer svc_dsc_…'");
  const wrong = await collect(client.createMessage(question(QUESTION), metadata('Bearer svc_dsc_not-a-key')));
  assert.equal(wrong.error?.code, status.UNAUTHENTICATED);
  const otherSite = await collect(client.createMessage(question(QUESTION, { domain: 'nope' }), auth()));
  assert.equal(otherSite.error?.code, status.PERMISSION_DENIED);
  assert.equal(otherSite.error.details, "this key is not valid for site 'nope'");
});

test('Search and GetPage answer as /v1/search and /v1/page do', async () => {
  const query = 'How do clients discover available tools with tools/list?';
  const found = await unary(client, 'search', { domain: 'mcp', query, pageSize: 3 }, auth());
  const rest = await (await fetch(`${server.url}/v1/search/mcp`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: server.authorization }, body: JSON.stringify({ query, pageSize: 3 }),
  })).json();
  assert.deepEqual(found.results.map((r) => r.path), rest.map((r) => r.path));
  const page = await unary(client, 'getPage', { domain: 'mcp', path: found.results[0].path }, auth());
  assert.match(page.content, /tools\/list/);
  await assert.rejects(unary(client, 'getPage', { domain: 'mcp', path: '/no/such/page' }, auth()), (e) => e.code === status.NOT_FOUND);
});
