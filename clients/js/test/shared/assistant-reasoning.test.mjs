// With docs-assistant.stream.reasoning, a reasoning model's `reasoning_content` reaches the real AI SDK
// clients as a reasoning part before the answer's text; the strict client (ai@6.0.230) accepts every chunk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import * as ai5 from 'ai5';
import * as ai6strict from 'ai6strict';
import { startServer } from '../../lib/server.mjs';
import { startProvider } from '../../lib/fake-provider.mjs';
import { MemoryState } from '../../lib/chat-state.mjs';

const QUESTION = 'Which exit code does the Inspector CLI use when the server needs authentication?';
const THOUGHTS = ['The reader asks about ', 'exit codes; ', 'the CLI page lists them.'];
let provider;
let server;

before(async () => {
  provider = await startProvider({ reasoning: THOUGHTS });
  server = await startServer({ llm: provider, reasoning: true, finishThreadId: false });
});
after(() => { server?.stop(); provider?.stop(); });

async function ask(lib) {
  let wireText;
  class Chat extends lib.AbstractChat {
    constructor() {
      super({ id: 'c', state: new MemoryState(), transport: new lib.DefaultChatTransport({
        api: `${server.url}/v2/assistant/mcp/message`, body: { fp: 'anonymous', retrievalPageSize: 5 },
        headers: { Authorization: server.authorization },
        fetch: async (url, init) => {
          const res = await fetch(url, init);
          const [mine, theirs] = res.body.tee();
          wireText = new Response(mine).text(); // the raw events, beside what the client makes of them
          return new Response(theirs, { status: res.status, headers: res.headers });
        },
      }) });
    }
  }
  const chat = new Chat();
  await chat.sendMessage({ text: QUESTION });
  assert.equal(chat.status, 'ready', String(chat.error));
  const answer = chat.messages.at(-1);
  const types = answer.parts.map((p) => p.type);
  const reasoning = answer.parts.filter((p) => p.type === 'reasoning');
  assert.equal(reasoning.length, 1, types.join(','));
  assert.equal(reasoning[0].text, THOUGHTS.join(''));
  assert.equal(reasoning[0].state, 'done');
  assert.ok(types.indexOf('reasoning') < types.indexOf('text'), types.join(','));
  assert.match(answer.parts.filter((p) => p.type === 'text').map((p) => p.text).join(''), /^The answer is on \[this page\]/);
  const wire = (await wireText).split('\n\n').filter((e) => e.startsWith('data: {')).map((e) => JSON.parse(e.slice(6)).type);
  assert.deepEqual(wire.filter((t) => t.startsWith('reasoning-')),
    ['reasoning-start', ...THOUGHTS.map(() => 'reasoning-delta'), 'reasoning-end'], wire.join(','));
  assert.ok(wire.indexOf('reasoning-end') < wire.indexOf('text-start'), wire.join(','));
}

test('ai@6 (latest) shows the model reasoning before its answer', () => ask(ai6));
test('ai@5 (latest) shows the model reasoning before its answer', () => ask(ai5));
test('ai@6.0.230 (strict chunks) accepts the reasoning parts', () => ask(ai6strict));
