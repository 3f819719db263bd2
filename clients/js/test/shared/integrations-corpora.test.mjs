// The shared corpora (../shared/corpora) against Mintlify's own integrations check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateDocsConfig } from '@mintlify/validation';
import { corpus } from '../../lib/server.mjs';

// The corpora's integrations in a minimal valid docs.json, as test/integrations-validation.test.mjs checks them.
const BASE = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Demo', colors: { primary: '#0D9373' },
  navigation: { pages: ['index'] } };

test('both shared corpora pass Mintlify\'s integrations check too', () => {
  for (const name of ['mcp', 'mintlify']) {
    const docs = JSON.parse(readFileSync(join(corpus(name), 'docs.json'), 'utf8'));
    const result = validateDocsConfig({ ...BASE, integrations: docs.integrations });
    const issues = result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'integrations');
    assert.deepEqual(issues, [], name);
  }
});
