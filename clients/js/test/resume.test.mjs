// Resumable answers (the AI SDK's useChat({resume: true})): a reader who lost its connection or
// reloaded the page mid-answer gets the whole answer, once, with the real ai@6 client and in
// Chromium through the site's Ask AI panel. The answers come from a local OpenAI-style provider
// that writes slowly enough to be interrupted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as ai6 from 'ai6';
import { startServer, exampleSite } from '../lib/server.mjs';
import { startProvider } from '../lib/fake-provider.mjs';
import { MemoryState } from '../lib/chat-state.mjs';
import { launchBrowser, screenshot } from '../lib/browser.mjs';

const WORDS = 60;
const PAGE_KEY = 'svc_dsc_' + 'resumeTestPageKeyForTheAcmeSite_0123456789abcdefg';
let provider;
let server;

before(async () => {
  provider = await startProvider({ words: WORDS, gapMs: 60 });
  server = await startServer({ llm: provider, sites: [exampleSite], siteYaml: { acme: [`assistant-key: ${PAGE_KEY}`] } });
});
after(() => { server?.stop(); provider?.stop(); });

const api = () => `${server.url}/v2/assistant/acme/message`;
const textOf = (message) => message?.parts.filter((p) => p.type === 'text').map((p) => p.text).join('') ?? '';
const allWords = Array.from({ length: WORDS }, (_, i) => ` word${i}`).join('');

/** An AI SDK chat outside React, as useChat makes one. */
function chat({ id, messages = [] }) {
  const state = new MemoryState();
  state.messages = messages;
  class Chat extends ai6.AbstractChat {}
  return new Chat({ id, state, transport: new ai6.DefaultChatTransport({
    api: api(), body: { fp: 'anonymous' }, headers: { Authorization: server.authorization } }) });
}

test('ai@6: a chat that lost its connection mid-answer resumes it through the default reconnect URL', async () => {
  const first = chat({ id: 'lost' });
  const sending = first.sendMessage({ text: 'How are failed deliveries retried?' });
  // A regression that never streams word3 fails here within the deadline instead of hanging the run.
  const deadline = Date.now() + 30_000;
  while (!textOf(first.messages.at(-1)).includes('word3') || first.messages.at(-1).role !== 'assistant') {
    assert.notEqual(first.status, 'error', String(first.error));
    assert.ok(Date.now() < deadline, `word3 streamed within 30 s (status ${first.status}): ${textOf(first.messages.at(-1))}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
  const partial = first.messages.at(-1);
  const threadId = partial.metadata.threadId;
  first.stop(); // the connection is gone
  await sending;
  assert.ok(!textOf(first.messages.at(-1)).includes(`word${WORDS - 1}`), 'cut before the end');

  // A new page: the question it had saved, and the thread as the chat id, so the SDK's default
  // reconnect URL ({api}/{chatId}/stream) is the thread's resume route.
  const again = chat({ id: threadId, messages: [first.messages[0]] });
  await again.resumeStream();
  assert.equal(again.status, 'ready', String(again.error));
  assert.equal(again.messages.length, 2);
  const answer = again.messages.at(-1);
  assert.equal(answer.role, 'assistant');
  assert.equal(answer.id, partial.id, 'the same answer, by its message id');
  assert.equal(answer.metadata.threadId, threadId);
  const text = textOf(answer);
  assert.ok(text.startsWith('The answer is on [this page]('), text);
  assert.ok(text.endsWith(allWords), text);
  assert.equal(text.split(' word0 ').length, 2, 'every word once');
  assert.ok(answer.parts.some((p) => p.type === 'source-url'), JSON.stringify(answer.parts.map((p) => p.type)));

  // Over: resuming again finds nothing (204) and leaves the chat as it is.
  await again.resumeStream();
  assert.equal(again.status, 'ready');
  assert.equal(again.messages.length, 2);
  assert.equal(textOf(again.messages.at(-1)), text);
});

test('Chromium: reloading the page mid-answer, the Ask AI panel shows the answer continue to its end', async () => {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url + '/sites/acme/');
    await page.click('[data-open-assistant]');
    await page.fill('.assistant-form textarea', 'How are failed deliveries retried?');
    await page.click('.assistant-form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('.message-assistant')?.textContent.includes('word3'));
    const before = await page.textContent('.message-assistant');
    assert.ok(!before.includes(`word${WORDS - 1}`), 'still streaming when the page reloads');
    const resumed = page.waitForResponse((r) => /\/v2\/assistant\/acme\/message\/thr_[^/]+\/stream$/.test(r.url()));
    await page.reload();
    assert.equal((await resumed).status(), 200, 'the reloaded page resumed the answer');
    await page.waitForFunction((last) => document.querySelector('aside.assistant')?.dataset.status === 'ready'
      && document.querySelector('.message-assistant')?.textContent.includes(last), `word${WORDS - 1}`, { timeout: 30000 });
    await screenshot(page, 'assistant-resumed-after-reload');
    const messages = await page.$$eval('.message', (els) => els.map((e) => [e.className, e.textContent]));
    assert.deepEqual(messages.map(([c]) => c), ['message message-user', 'message message-assistant'], JSON.stringify(messages));
    const text = messages[1][1];
    assert.equal(text.split('word0').length, 2, 'every word once: ' + text);
    assert.ok(text.includes(before.trim().slice(0, 20)), 'the part read before the reload is there');
    assert.deepEqual(errors, []);

    // The next page of the visit shows the finished answer without asking the server again for it.
    const asked = [];
    page.on('request', (r) => { if (r.url().endsWith('/stream')) asked.push(r.url()); });
    await page.reload();
    await page.waitForFunction((last) => document.querySelector('.message-assistant')?.textContent.includes(last), `word${WORDS - 1}`);
    assert.deepEqual(asked, []);
  } finally {
    await browser.close();
  }
});
