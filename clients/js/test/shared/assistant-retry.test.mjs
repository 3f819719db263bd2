// A useChat client that regenerates its last answer (its retry when an answer went wrong or never
// finished) sends the same user message again; the server answers anew and its thread keeps that
// question once. Seen from the model's side: the next question's prompt holds the earlier turns,
// rebuilt from the thread (the client sends only its newest message and the thread id).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import { startServer } from '../../lib/server.mjs';
import { startProvider } from '../../lib/fake-provider.mjs';
import { MemoryState } from '../../lib/chat-state.mjs';

const FIRST = 'How do I debug a server with the Inspector?';
const SECOND = 'Which exit code does the Inspector CLI use when the server needs authentication?';
const THIRD = 'And which transports does it support?';
let provider;
let server;

before(async () => {
  provider = await startProvider();
  server = await startServer({ llm: provider });
});
after(() => { server?.stop(); provider?.stop(); });

test('ai@6 regenerate() asks the same message again and the thread holds it once', async () => {
  let threadId = null;
  const sent = [];
  class Chat extends ai6.AbstractChat {
    constructor() {
      super({ id: 'c', state: new MemoryState(), transport: new ai6.DefaultChatTransport({
        api: `${server.url}/v2/assistant/mcp/message`,
        headers: { Authorization: server.authorization },
        // Only the newest message and the thread: the server rebuilds the conversation from its thread.
        prepareSendMessagesRequest: ({ messages, trigger }) => {
          const last = messages.at(-1);
          sent.push({ trigger, id: last.id });
          return { body: { fp: 'anonymous', threadId, messages: [last] } };
        },
        fetch: async (url, init) => {
          const res = await fetch(url, init);
          threadId = res.headers.get('x-thread-id') ?? threadId;
          return res;
        },
      }) });
    }
  }
  const chat = new Chat();
  await chat.sendMessage({ text: FIRST });
  await chat.sendMessage({ text: SECOND });
  await chat.regenerate();
  assert.equal(chat.status, 'ready', String(chat.error));
  assert.deepEqual(sent.map((s) => s.trigger), ['submit-message', 'submit-message', 'regenerate-message']);
  assert.equal(sent[2].id, sent[1].id, 'regenerate sends the same user message');
  assert.equal(chat.messages.length, 4);

  await chat.sendMessage({ text: THIRD });
  const prompt = provider.requests.at(-1).messages;
  const asked = (q) => prompt.filter((m) => m.role === 'user' && m.content.includes(q)).length;
  assert.equal(asked(FIRST), 1, JSON.stringify(prompt.map((m) => [m.role, m.content.slice(0, 60)])));
  assert.equal(asked(SECOND), 1, 'the regenerated question is in the thread once');
  assert.equal(prompt.filter((m) => m.role === 'assistant').length, 2, 'one answer for each earlier question');
});
