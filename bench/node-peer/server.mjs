// The benchmark's Node peer: search and the v2 assistant over the shared corpora, with MiniSearch and
// the AI SDK's UI message stream helpers.
// Run: node server.mjs [--port N] [--key SECRET] [domain=folder ...]
//   (default: mcp and mintlify from the nearest shared/corpora above the working directory;
//    PEER_PORT, PEER_KEY and PEER_SITES="mcp=/path,mintlify=/path" do the same from the environment)
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createUIMessageStream, generateId, pipeUIMessageStreamToResponse } from 'ai';
import { loadSite } from './corpus.mjs';
import { indexSite, search } from './search.mjs';
import { answerParagraphs } from './answer.mjs';

const MAX_BODY = 1024 * 1024;
const MAX_THREADS = 10_000;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function options(argv) {
  const out = { port: Number(process.env.PEER_PORT ?? 8090), key: process.env.PEER_KEY ?? null, sites: {} };
  for (const pair of (process.env.PEER_SITES ?? '').split(',').filter(Boolean)) {
    const [domain, folder] = pair.split('=');
    out.sites[domain] = folder;
  }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') out.port = Number(argv[++i]);
    else if (argv[i] === '--key') out.key = argv[++i];
    else if (argv[i].includes('=')) {
      const [domain, folder] = argv[i].split('=');
      out.sites[domain] = folder;
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (Object.keys(out.sites).length === 0) {
    for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
      const corpora = path.join(dir, 'shared', 'corpora');
      if (existsSync(corpora)) {
        out.sites = { mcp: path.join(corpora, 'mcp'), mintlify: path.join(corpora, 'mintlify') };
        break;
      }
      if (dir === path.dirname(dir)) throw new Error('no sites given and no shared/corpora above the working directory');
    }
  }
  return out;
}

async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'body: larger than 1 MiB');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'body: not valid JSON');
  }
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function pageSizeOf(value, field, fallback) {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > 50) throw new HttpError(400, `${field}: must be an integer from 1 to 50`);
  return value;
}

function handleSearch(site, body, res) {
  if (typeof body.query !== 'string' || body.query.trim() === '') throw new HttpError(400, 'query: must be a non-empty string');
  sendJson(res, 200, search(site, body.query, pageSizeOf(body.pageSize, 'pageSize', 10), body.filter));
}

/** The text of the last user message of a useChat request ({@code messages[].parts[].text}). */
function question(body) {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw new HttpError(400, 'messages: must be a non-empty array');
  const last = body.messages.findLast((m) => m?.role === 'user');
  const text = (last?.parts ?? []).filter((p) => p?.type === 'text' && typeof p.text === 'string').map((p) => p.text).join('\n');
  if (text.trim() === '') throw new HttpError(400, 'messages: no user message with text');
  return text;
}

function handleMessage(site, body, threads, res) {
  const text = question(body);
  const retrievalPageSize = pageSizeOf(body.retrievalPageSize, 'retrievalPageSize', 5);
  const threadId = typeof body.threadId === 'string' && threads.has(body.threadId) ? body.threadId : `thr_${generateId()}`;
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      const results = search(site, text, retrievalPageSize, body.filter);
      writer.write({ type: 'start', messageId: `msg_${generateId()}`, messageMetadata: { threadId } });
      writer.write({ type: 'start-step' });
      results.forEach((r, i) => writer.write({ type: 'source-url', sourceId: `src-${i + 1}`, url: r.path, title: r.metadata.title }));
      const paragraphs = answerParagraphs(text, results);
      writer.write({ type: 'text-start', id: 't1' });
      for (const delta of paragraphs) writer.write({ type: 'text-delta', id: 't1', delta });
      writer.write({ type: 'text-end', id: 't1' });
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish', finishReason: 'stop', messageMetadata: { threadId } });
      remember(threads, threadId, { question: text, answer: paragraphs.join('') });
    },
  });
  pipeUIMessageStreamToResponse({ response: res, stream, headers: { 'x-thread-id': threadId } });
}

/** Keeps a thread's turns in memory, dropping the oldest thread past {@link MAX_THREADS}. */
function remember(threads, threadId, turn) {
  const turns = threads.get(threadId) ?? [];
  threads.delete(threadId);
  threads.set(threadId, [...turns, turn]);
  if (threads.size > MAX_THREADS) threads.delete(threads.keys().next().value);
}

async function main() {
  const opts = options(process.argv.slice(2));
  const sites = new Map();
  for (const [domain, folder] of Object.entries(opts.sites)) {
    const started = Date.now();
    const site = indexSite(await loadSite(folder));
    sites.set(domain, site);
    console.log(`site ${domain}: ${site.sections.length} sections indexed in ${Date.now() - started} ms`);
  }
  const threads = new Map();
  const server = http.createServer(async (req, res) => {
    try {
      const route = /^\/(v1\/search|v2\/assistant)\/([^/]+)(\/message)?$/.exec(req.url.split('?')[0]);
      const isSearch = route?.[1] === 'v1/search' && !route[3];
      const isMessage = route?.[1] === 'v2/assistant' && route[3];
      if (!isSearch && !isMessage) throw new HttpError(404, `no route ${req.url}`);
      if (req.method !== 'POST') throw new HttpError(405, 'only POST');
      if (opts.key && req.headers.authorization !== `Bearer ${opts.key}`) throw new HttpError(401, 'authorization: missing or unknown key');
      const site = sites.get(route[2]);
      if (!site) throw new HttpError(404, `domain: no site ${route[2]}`);
      const body = await readJson(req);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body: must be a JSON object');
      if (isSearch) handleSearch(site, body, res);
      else handleMessage(site, body, threads, res);
    } catch (error) {
      if (res.headersSent) return res.destroy();
      sendJson(res, error.status ?? 500, { message: error.status ? error.message : 'internal error' });
      if (!error.status) console.error(error);
    }
  });
  server.listen(opts.port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
}

await main();
