// The v2 endpoint driven by the real AI SDK chat client (AbstractChat + DefaultChatTransport, what useChat runs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import * as ai5 from 'ai5';
import * as ai6strict from 'ai6strict';
import { startServer } from '../../lib/server.mjs';
import { MemoryState } from '../../lib/chat-state.mjs';

const QUESTION = 'Which exit code does the Inspector CLI use when the server needs authentication?';
const FOLLOW_UP = 'and which one when the server cannot be reached?';
let loose;
let strict;

before(async () => {
  [loose, strict] = await Promise.all([startServer(), startServer({ finishThreadId: false })]);
});
after(() => { loose?.stop(); strict?.stop(); });

function chatWith(lib, server) {
  const headers = [];
  class Chat extends lib.AbstractChat {
    constructor() {
      super({
        id: 'chat-1',
        state: new MemoryState(),
        transport: new lib.DefaultChatTransport({
          api: `${server.url}/v2/assistant/mcp/message`,
          body: { fp: 'anonymous', retrievalPageSize: 5 },
          headers: { Authorization: server.authorization },
          fetch: async (u, i) => { const r = await fetch(u, i); headers.push(r.headers.get('x-thread-id')); return r; },
        }),
      });
    }
  }
  return { chat: new Chat(), headers };
}

async function twoTurns(lib, server) {
  const { chat, headers } = chatWith(lib, server);
  await chat.sendMessage({ text: QUESTION });
  assert.equal(chat.status, 'ready', String(chat.error));
  const first = chat.messages.at(-1);
  const threadId = first.metadata?.threadId;
  assert.ok(threadId?.startsWith('thr_'), JSON.stringify(first.metadata));
  assert.equal(headers[0], threadId);
  const text = first.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
  assert.match(text, /inspector\/cli/);
  const sources = first.parts.filter((p) => p.type === 'source-url');
  assert.ok(sources.length >= 1);
  assert.ok(sources.some((s) => s.url.includes('/tools/inspector/cli')), JSON.stringify(sources));

  await chat.sendMessage({ text: FOLLOW_UP }, { body: { threadId } });
  assert.equal(chat.status, 'ready', String(chat.error));
  const second = chat.messages.at(-1);
  assert.equal(second.metadata?.threadId, threadId, 'same thread on the second turn');
  assert.equal(headers[1], threadId);
  // The short follow-up only makes sense with the first question: it must land on the same page.
  const sources2 = second.parts.filter((p) => p.type === 'source-url');
  assert.ok(sources2.some((s) => s.url.includes('/tools/inspector/cli')), JSON.stringify(sources2));
  assert.equal(chat.messages.length, 4);
}

test('ai@6 (latest) two turns on one thread', () => twoTurns(ai6, loose));
test('ai@5 (latest) two turns on one thread', () => twoTurns(ai5, loose));
test('ai@6.0.230 (strict chunks) with the top-level finish.threadId switched off', () => twoTurns(ai6strict, strict));

test('ai@6 reads the finish threadId from the raw chunks', async () => {
  const transport = new ai6.DefaultChatTransport({ api: `${loose.url}/v2/assistant/mcp/message`, body: { fp: 'anonymous' },
    headers: { Authorization: loose.authorization } });
  const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'c', messageId: undefined,
    abortSignal: undefined, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: QUESTION }] }] });
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  const finish = chunks.at(-1);
  assert.equal(finish.type, 'finish');
  assert.ok(finish.messageMetadata.threadId.startsWith('thr_'));
});
