// The MCP server of a site through the official TypeScript SDK client (Streamable HTTP), as an AI
// tool uses it, and through the MCP Inspector's CLI mode (`mcp-inspector --cli`), as a developer
// checks a server by hand.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer } from '../../lib/server.mjs';

let server;
before(async () => { server = await startServer({ sites: ['mcp'], timeoutMs: 180000 }); });
after(() => server?.stop());

async function connect(headers = {}) {
  const client = new Client({ name: 'docs-assistant-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/sites/mcp/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

test('initialize and list the tools and resources', async () => {
  const client = await connect();
  assert.equal(client.getServerVersion().name, 'mcp-docs');
  assert.match(client.getInstructions(), /search/);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ['search', 'get_page', 'ask', 'feedback']);
  assert.deepEqual(tools[0].inputSchema.required, ['query']);
  const { resources } = await client.listResources();
  assert.ok(resources.length > 20, 'every public page');
  const page = resources.find((r) => r.uri === 'docs://mcp/docs/draft/getting-started/intro');
  assert.ok(page, resources.slice(0, 5).map((r) => r.uri).join(', '));
  assert.equal(page.mimeType, 'text/markdown');
  const read = await client.readResource({ uri: page.uri });
  assert.equal(read.contents[0].mimeType, 'text/markdown');
  assert.match(read.contents[0].text, /^# /);
  await client.close();
});

test('call each tool: search, get_page, ask, feedback', async () => {
  const client = await connect();
  const search = await client.callTool({ name: 'search', arguments: { query: 'list the tools a server offers', pageSize: 3 } });
  assert.equal(search.isError, false);
  assert.ok(search.structuredContent.results.length > 0 && search.structuredContent.results.length <= 3);
  const first = search.structuredContent.results[0];
  assert.ok(first.path.startsWith('/') && first.metadata.title, JSON.stringify(first));
  assert.match(search.content[0].text, new RegExp(`${server.url}/sites/mcp/`));

  const page = await client.callTool({ name: 'get_page', arguments: { path: first.path } });
  assert.equal(page.isError, false);
  assert.equal(page.structuredContent.path, first.path.replace(/#.*/, ''));
  assert.match(page.content[0].text, /^# /);

  const answer = await client.callTool({ name: 'ask', arguments: { question: 'How does a client list the tools of a server?' } });
  assert.equal(answer.isError, false);
  assert.match(answer.content[0].text, /Sources:\n- \[/);
  assert.ok(answer.structuredContent.sources.length > 0);
  assert.match(search.structuredContent.searchId, /^srch_[0-9a-f]{24}$/);

  // Agents' feedback on the page read and on the answer, kept for the docs team with channel mcp.
  const onPage = await client.callTool({ name: 'feedback', arguments: { path: first.path, helpful: true } });
  assert.equal(onPage.isError, false, JSON.stringify(onPage));
  assert.equal(onPage.structuredContent.path, first.path.replace(/#.*/, ''));
  const onAnswer = await client.callTool({ name: 'feedback', arguments: {
    messageId: answer.structuredContent.messageId, helpful: false, comment: 'misses the pagination cursor' } });
  assert.equal(onAnswer.isError, false, JSON.stringify(onAnswer));
  const unknown = await client.callTool({ name: 'feedback', arguments: { messageId: 'msg_nosuch', helpful: true } });
  assert.equal(unknown.isError, true);
  assert.equal(unknown.content[0].text, 'messageId names no answer of this site');
  await client.close();
});

test('errors: bad arguments are tool errors, an unknown tool and a bad key are MCP errors', async () => {
  const client = await connect();
  const empty = await client.callTool({ name: 'search', arguments: { query: '' } });
  assert.equal(empty.isError, true);
  assert.equal(empty.content[0].text, 'query must not be empty');
  const missing = await client.callTool({ name: 'get_page', arguments: { path: '/no/such/page' } });
  assert.equal(missing.isError, true);
  await assert.rejects(client.callTool({ name: 'delete_everything', arguments: {} }), (e) => e.code === -32602);
  await client.close();

  await assert.rejects(connect({ Authorization: 'Bearer svc_dsc_' + 'A'.repeat(43) }), /401|invalid key/);
  const keyed = await connect({ Authorization: server.authorization });
  assert.equal((await keyed.listTools()).tools.length, 4);
  await keyed.close();
});

/** Runs the Inspector's CLI mode against the site's MCP endpoint; resolves with its parsed JSON output. */
async function inspector(...args) {
  const pkg = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json');
  const bin = join(dirname(pkg), 'clients', 'launcher', 'build', 'index.js');
  const { stdout } = await promisify(execFile)(process.execPath, [bin, '--cli', `${server.url}/sites/mcp/mcp`, ...args],
    { timeout: 60000 });
  return JSON.parse(stdout);
}

test('the MCP Inspector CLI lists the tools and calls search and get_page', async () => {
  const listed = await inspector('--method', 'tools/list');
  assert.deepEqual(listed.tools.map((t) => t.name), ['search', 'get_page', 'ask', 'feedback']);
  const found = await inspector('--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query=list the tools a server offers', 'pageSize=2');
  assert.equal(found.isError, false);
  assert.ok(found.structuredContent.results.length > 0 && found.structuredContent.results.length <= 2, JSON.stringify(found));
  const path = found.structuredContent.results[0].path;
  const page = await inspector('--method', 'tools/call', '--tool-name', 'get_page', '--tool-arg', `path=${path}`);
  assert.equal(page.isError, false);
  assert.match(page.content[0].text, /^# /);
  // A tool error is the Inspector's exit status 5 with the error as JSON on stderr.
  await assert.rejects(inspector('--method', 'tools/call', '--tool-name', 'get_page', '--tool-arg', 'path=/no/such/page'),
    (e) => e.code === 5 && JSON.parse(e.stderr).error.code === 'tool_is_error');
  const resources = await inspector('--method', 'resources/list');
  assert.ok(resources.resources.some((r) => r.uri === 'docs://mcp/docs/draft/getting-started/intro'));
});
