// The deprecated v1 endpoint driven by the ai@4 client function useChat calls (callChatApi).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { callChatApi } from '@ai-sdk/ui-utils';
import { startServer } from '../../lib/server.mjs';

let server;
before(async () => { server = await startServer(); });
after(() => server?.stop());

async function turn(messages, threadId) {
  let threadHeader;
  let finished;
  let last;
  await callChatApi({
    api: `${server.url}/v1/assistant/mcp/message`,
    body: { id: 'c1', messages, fp: 'anonymous', retrievalPageSize: 5, ...(threadId ? { threadId } : {}) },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: server.authorization },
    abortController: () => null,
    restoreMessagesOnFailure() {},
    onResponse: (r) => { threadHeader = r.headers.get('x-thread-id'); },
    onUpdate: ({ message, data }) => { last = { message, data }; },
    onFinish: (message, info) => { finished = { message, info }; },
    onToolCall: undefined,
    generateId: () => Math.random().toString(36).slice(2),
    fetch: undefined,
    lastMessage: undefined,
  });
  return { threadHeader, finished, data: last?.data ?? [] };
}

test('ai@4.3.19 callChatApi: two turns on one thread', async () => {
  const q = 'Which exit code does the Inspector CLI use when the server needs authentication?';
  const user = (id, text) => ({ id, role: 'user', content: text, parts: [{ type: 'text', text }], createdAt: new Date() });
  const first = await turn([user('u1', q)]);
  assert.ok(first.threadHeader.startsWith('thr_'));
  const finishData = first.data.find((d) => d?.type === 'finish');
  assert.equal(finishData.threadId, first.threadHeader);
  assert.match(first.finished.message.content, /inspector\/cli/);
  assert.equal(first.finished.info.finishReason, 'stop');
  const sources = first.finished.message.parts.filter((p) => p.type === 'source');
  assert.ok(sources.length >= 1, JSON.stringify(first.finished.message.parts.map((p) => p.type)));
  const search = first.finished.message.parts.find((p) => p.type === 'tool-invocation');
  assert.equal(search.toolInvocation.toolName, 'search');

  const second = await turn([user('u1', q), first.finished.message, user('u2', 'and when it cannot be reached?')],
    first.threadHeader);
  assert.equal(second.threadHeader, first.threadHeader);
  // The short follow-up only makes sense with the first question: it must land on the same page.
  assert.match(second.finished.message.content, /inspector\/cli/);
});
