// Answers written by the language-model generator reach the real AI SDK clients intact: the text
// streams first and each source-url (v1: source) follows the text that links to it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import * as ai5 from 'ai5';
import * as ai6strict from 'ai6strict';
import { callChatApi } from '@ai-sdk/ui-utils';
import { startServer } from '../../lib/server.mjs';
import { startProvider } from '../../lib/fake-provider.mjs';
import { MemoryState } from '../../lib/chat-state.mjs';

const QUESTION = 'Which exit code does the Inspector CLI use when the server needs authentication?';
let provider;
let loose;
let strict;

before(async () => {
  provider = await startProvider();
  [loose, strict] = await Promise.all([startServer({ llm: provider }),
    startServer({ llm: provider, finishThreadId: false })]);
});
after(() => { loose?.stop(); strict?.stop(); provider?.stop(); });

async function ask(lib, server) {
  class Chat extends lib.AbstractChat {
    constructor() {
      super({ id: 'c', state: new MemoryState(), transport: new lib.DefaultChatTransport({
        api: `${server.url}/v2/assistant/mcp/message`, body: { fp: 'anonymous', retrievalPageSize: 5 },
        headers: { Authorization: server.authorization } }) });
    }
  }
  const chat = new Chat();
  await chat.sendMessage({ text: QUESTION });
  assert.equal(chat.status, 'ready', String(chat.error));
  const answer = chat.messages.at(-1);
  const linked = /^path: (\S+)$/m.exec(provider.requests.at(-1).messages.at(-1).content)[1];
  const text = answer.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
  assert.equal(text, `The answer is on [this page](${linked}). Not on [that one](/never/retrieved).`);
  const types = answer.parts.map((p) => p.type);
  const sources = answer.parts.filter((p) => p.type === 'source-url');
  assert.equal(sources.length, 1, JSON.stringify(answer.parts));
  assert.ok(sources[0].url.endsWith(linked), sources[0].url);
  assert.ok(types.indexOf('text') < types.indexOf('source-url'), types.join(','));
  assert.ok(answer.metadata.threadId.startsWith('thr_'));
}

test('ai@6 (latest) reads a model-written answer with its source after the text', () => ask(ai6, loose));
test('ai@5 (latest) reads a model-written answer', () => ask(ai5, loose));
test('ai@6.0.230 (strict chunks) reads a model-written answer', () => ask(ai6strict, strict));

test('ai@4.3.19 callChatApi reads a model-written answer on v1', async () => {
  let finished;
  await callChatApi({
    api: `${loose.url}/v1/assistant/mcp/message`,
    body: { id: 'c1', fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: QUESTION,
      parts: [{ type: 'text', text: QUESTION }], createdAt: new Date() }] },
    streamProtocol: 'data', credentials: undefined, headers: { Authorization: loose.authorization },
    abortController: () => null,
    restoreMessagesOnFailure() {}, onResponse: () => {}, onUpdate: () => {},
    onFinish: (message, info) => { finished = { message, info }; },
    onToolCall: undefined, generateId: () => Math.random().toString(36).slice(2), fetch: undefined, lastMessage: undefined,
  });
  assert.equal(finished.info.finishReason, 'stop');
  assert.match(finished.message.content, /^The answer is on \[this page\]\(\/.+\)\. Not on \[that one\]/);
  const sources = finished.message.parts.filter((p) => p.type === 'source');
  assert.equal(sources.length, 1, JSON.stringify(finished.message.parts.map((p) => p.type)));
  assert.ok(!sources[0].source.url.includes('never'));
});
