// The OpenAI-compatible endpoint driven by the official `openai` npm client: chat completions whole
// and streamed (the same answer as the v2 stream), the model list, errors as the SDK's typed errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../lib/server.mjs';
import { tempDir } from '../../lib/tmp.mjs';

const QUESTION = 'Which exit code does the Inspector CLI use when the server needs authentication?';
const FOLLOW_UP = 'and which one when the server cannot be reached?';
let server;
let client;

before(async () => {
  // A second organisation's (small) site on the same server: the key of acme must neither list nor use it.
  const beta = tempDir('docs-assistant-openai-');
  writeFileSync(join(beta, 'docs.json'), JSON.stringify({ name: 'Beta', navigation: { groups: [{ group: 'Guides', pages: ['index'] }] } }));
  writeFileSync(join(beta, 'index.mdx'), '---\ntitle: Welcome\n---\n\nBeta delivers webhooks.\n');
  server = await startServer({ sites: ['mcp', { domain: 'beta-docs', path: beta, organization: 'beta' }], timeoutMs: 300000 });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: server.key, maxRetries: 0 });
});
after(() => server?.stop());

/** The text the v2 endpoint streams for the same question (its text-delta events joined). */
async function v2Text(question) {
  const res = await fetch(`${server.url}/v2/assistant/mcp/message`, {
    method: 'POST',
    headers: { Authorization: server.authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
  assert.equal(res.status, 200);
  return (await res.text()).split('\n').filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6))).filter((e) => e.type === 'text-delta').map((e) => e.delta).join('');
}

test('models lists the sites the key opens, in OpenAI\'s list shape', async () => {
  const ids = [];
  for await (const model of client.models.list()) {
    assert.equal(model.object, 'model');
    assert.equal(model.owned_by, 'acme');
    assert.ok(Number.isInteger(model.created) && model.created > 1_600_000_000, String(model.created));
    ids.push(model.id);
  }
  assert.deepEqual(ids, ['mcp']);
});

test('a completion is the grounded answer of v2, with Markdown links and citations', async () => {
  const completion = await client.chat.completions.create({
    model: 'mcp', messages: [{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: QUESTION }],
  });
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.model, 'mcp');
  assert.match(completion.id, /^chatcmpl-msg_/);
  assert.equal(completion.choices.length, 1);
  const [choice] = completion.choices;
  assert.equal(choice.finish_reason, 'stop');
  assert.equal(choice.message.role, 'assistant');
  assert.match(choice.message.content, /\[[^\]]+\]\([^)]*inspector\/cli[^)]*\)/, 'a Markdown link to the cited page');
  assert.ok(completion.citations.some((c) => c.url.includes('/tools/inspector/cli') && c.title && c.path), JSON.stringify(completion.citations));
  // The system message adds nothing to the grounded prompt: the answer is v2's, word for word.
  assert.equal(choice.message.content, await v2Text(QUESTION));
});

test('a streamed completion: chunks, citations, finish_reason stop, [DONE]; the same text', async () => {
  const stream = await client.chat.completions.create({ model: 'mcp', stream: true, messages: [{ role: 'user', content: QUESTION }] });
  let text = '';
  const citations = [];
  const chunks = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    assert.equal(chunk.object, 'chat.completion.chunk');
    assert.equal(chunk.model, 'mcp');
    text += chunk.choices[0].delta.content ?? '';
    citations.push(...(chunk.citations ?? []));
  }
  assert.equal(chunks[0].choices[0].delta.role, 'assistant');
  assert.equal(chunks.at(-1).choices[0].finish_reason, 'stop');
  assert.ok(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null));
  assert.equal(new Set(chunks.map((c) => c.id)).size, 1, 'one id for every chunk');
  assert.ok(citations.some((c) => c.url.includes('/tools/inspector/cli')), JSON.stringify(citations));
  const whole = await client.chat.completions.create({ model: 'mcp', messages: [{ role: 'user', content: QUESTION }] });
  assert.equal(text, whole.choices[0].message.content);
  assert.deepEqual(citations, whole.citations);
});

test('the messages are the history: a follow-up lands on the page of the first question', async () => {
  const first = await client.chat.completions.create({ model: 'mcp', messages: [{ role: 'user', content: QUESTION }] });
  const second = await client.chat.completions.create({
    model: 'mcp',
    messages: [
      { role: 'user', content: [{ type: 'text', text: QUESTION }] },
      { role: 'assistant', content: first.choices[0].message.content },
      { role: 'user', content: FOLLOW_UP },
    ],
  });
  // The answer leads with the page of the first question (its first citation) ...
  assert.ok(second.citations[0].url.includes('/tools/inspector/cli'), JSON.stringify(second.citations));
  // ... which the follow-up asked alone does not: it names no tool, so its answer leads elsewhere (that page
  // may still come last among its citations), and the history is what took the follow-up there.
  const alone = await client.chat.completions.create({ model: 'mcp', messages: [{ role: 'user', content: FOLLOW_UP }] });
  assert.ok(!alone.citations[0].url.includes('/tools/inspector/cli'), JSON.stringify(alone.citations));
});

test('errors are the SDK\'s typed errors, naming the param, with the rate-limit headers', async () => {
  const fails = async (body, Type, status, param) => {
    const e = await client.chat.completions.create(body).then(() => null, (err) => err);
    assert.ok(e instanceof Type, `${JSON.stringify(body)}: ${e}`);
    assert.equal(e.status, status);
    assert.equal(e.param, param, e.message);
    assert.ok(e.headers.get('ratelimit-limit'), 'RateLimit-Limit on an error');
    return e;
  };
  const question = [{ role: 'user', content: QUESTION }];
  const unknown = await fails({ model: 'nope', messages: question }, OpenAI.PermissionDeniedError, 403, 'model');
  assert.equal(unknown.code, 'model_not_found');
  // Another organisation's site is refused exactly like one that does not exist.
  await fails({ model: 'beta-docs', messages: question }, OpenAI.PermissionDeniedError, 403, 'model');
  await fails({ model: 'mcp', messages: question, tools: [{ type: 'function', function: { name: 'f' } }] },
    OpenAI.BadRequestError, 400, 'tools');
  await fails({ model: 'mcp', messages: question, n: 2 }, OpenAI.BadRequestError, 400, 'n');
  await fails({ model: 'mcp', messages: [{ role: 'system', content: 'Be brief.' }] }, OpenAI.BadRequestError, 400, 'messages');
  await fails({ model: 'mcp', messages: [...question, { role: 'tool', tool_call_id: 'c1', content: '42' }] },
    OpenAI.BadRequestError, 400, 'messages[1].role');
  const anonymous = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'svc_dsc_wrong', maxRetries: 0 });
  const e = await anonymous.chat.completions.create({ model: 'mcp', messages: question }).then(() => null, (err) => err);
  assert.ok(e instanceof OpenAI.AuthenticationError, String(e));
  assert.equal(e.code, 'invalid_api_key');
});
