// A local OpenAI-compatible Chat Completions server that streams `chat.completion.chunk` events.
// It answers by linking to the first documentation path it was given in the prompt, plus one link
// to a page that was never retrieved (which must not become a source). With `reasoning`, it first
// thinks aloud in `reasoning_content` deltas, as DeepSeek, vLLM and llama.cpp reasoning models do.
import { createServer } from 'node:http';

// With `words`, the answer goes on with that many more words (` word0`, ` word1`, …), `gapMs` apart:
// an answer long enough to interrupt.
export async function startProvider({ reasoning = [], words = 0, gapMs = 10 } = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (b) => { body += b; });
    req.on('end', async () => {
      const request = JSON.parse(body);
      requests.push(request);
      const prompt = request.messages.at(-1).content;
      const path = /^path: (\S+)$/m.exec(prompt)?.[1] ?? '/nowhere';
      const tokens = ['The answer is on ', `[this page](${path})`, '. Not on ', '[that one](/never/retrieved)', '.',
        ...Array.from({ length: words }, (_, i) => ` word${i}`)];
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (o) => res.write(`data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`);
      for (const r of reasoning) {
        send({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { reasoning_content: r }, finish_reason: null }] });
        await new Promise((ok) => setTimeout(ok, 10));
      }
      for (const t of tokens) {
        send({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: t }, finish_reason: null }] });
        await new Promise((ok) => setTimeout(ok, gapMs));
      }
      send({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      send('[DONE]');
      res.end();
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, requests, stop: () => server.close() };
}
