// The browser script's link check (server/src/main/site-ui/src/markdown.js) against the vectors the
// server's SafeUrl is held to (server/src/test/resources/safety/urls.json): the two must agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeHref, renderMarkdown } from '../../../server/src/main/site-ui/src/markdown.js';

const server = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'server');
const vectors = JSON.parse(readFileSync(join(server, 'src/test/resources/safety/urls.json'), 'utf8'));

test('safeHref reads every vector as the server does', () => {
  assert.ok(vectors.length > 40);
  for (const { url, href } of vectors) assert.equal(safeHref(url, ''), href, JSON.stringify(url));
});

test('site paths get the base the site is served under', () => {
  assert.equal(safeHref('/guides/x#a', '/sites/mcp'), '/sites/mcp/guides/x#a');
  assert.equal(safeHref('https://example.com/', '/sites/mcp'), 'https://example.com/');
});

test('an answer never links to a refused URL, and shows its label', () => {
  for (const { url, href } of vectors.filter((v) => v.href === null && !/[\s)]/.test(v.url))) {
    const html = renderMarkdown(`See [the page](${url}) now.`, '');
    assert.ok(!html.includes('<a'), `${JSON.stringify(url)} → ${html}`);
    assert.ok(html.includes('the page'), html);
  }
  assert.equal(renderMarkdown('[a](/x?b=1&c=2)', '/s'), '<p><a href="/s/x?b=1&amp;c=2">a</a></p>');
});
