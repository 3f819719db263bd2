// Our integrations validator against Mintlify's own (@mintlify/validation) on a generated set of
// integrations objects: the verdicts must be identical, except where one of our documented stricter
// rules (docs/integrations.md) rejects what Mintlify accepts. We must never accept what Mintlify rejects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDocsConfig } from '@mintlify/validation';
import Ajv2020 from 'ajv/dist/2020.js';
import { tempDir } from '../lib/tmp.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const reference = readFileSync(join(repo, 'docs', 'integrations.md'), 'utf8');
// "summary (**stricter**): `message`" in the generated reference: the messages of our stricter rules.
const stricterMessages = new Set([...reference.matchAll(/\(\*\*stricter\*\*\): `([^`]+)`/g)].map((m) => m[1].replace(/\\\|/g, '|')));
// Every key of Mintlify's schema is a plugin here: an unknown key is unknown to both validators.
const unsupportedKeys = new Set();

const BASE = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Demo', colors: { primary: '#0D9373' },
  navigation: { pages: ['index'] } };

// One valid settings object per integration (values as each vendor issues them).
const VALID = {
  adobe: { launchUrl: 'https://assets.adobedtm.com/launch-EN1a2b.min.js' },
  amplitude: { apiKey: 'a1b2c3d4e5f6' },
  clarity: { projectId: 'k3x9q2w7zp' },
  fathom: { siteId: 'ABCDEFGH' },
  ga4: { measurementId: 'G-RCYWHL7EQ7' },
  gtm: { tagId: 'GTM-ABC1234' },
  heap: { appId: '1234567890' },
  hightouch: { writeKey: 'wk_123', apiHost: 'us-east-1.hightouch-events.com' },
  hotjar: { hjid: '1234567', hjsv: '6' },
  logrocket: { appId: 'acme/docs' },
  mixpanel: { projectToken: '0123abcd', region: 'eu' },
  pirsch: { id: 'a1B2c3D4' },
  plausible: { domain: 'docs.example.com', server: 'plausible.example.com' },
  posthog: { apiKey: 'phc_abc123', apiHost: 'https://eu.i.posthog.com', sessionRecording: true },
  segment: { key: 'a1B2c3D4', cdnUrl: 'https://cdn.example.com' },
  frontchat: { snippetId: 'a1b2c3d4e5' },
  intercom: { appId: 'abc12345' },
  clearbit: { publicApiKey: 'pk_a1b2c3' },
  koala: { publicApiKey: 'pk_docs' },
  onetrust: { domainScript: '0190a6c2-7f3e-7d5c-9a1b-2c3d4e5f6a7b', categoryId: 'C0002',
    scriptSource: 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js' },
  transcend: { bundleId: '8f4c2a1e-7b3d', analyticsPurpose: 'Analytics' },
  telemetry: { enabled: false },
  cookies: { key: 'consent', value: 'granted' },
};

// Values that break something: Mintlify's rules, our stricter ones, or neither.
const STRING_VALUES = ['', ' ', 'G', 'g-123', 'G-1', 'GTM-1', 'phc_', 'phc_x', 'abc', 'abcdef', 'abc12', '123456',
  '12a', '6', 'https://x.com', 'http://x.com', 'x.com', 'x.com/path', 'javascript:alert(1)', 'notaurl',
  'https://x.com/a?b=1', 'https://x.com/#f', '"><script>alert(1)</script>', "it's", 'a b', 'acme/docs', 'acme',
  'ap', 'us', 'in', 'x\u2028y', 'ftp://x.com', 'plausible.io'];
const OTHER_VALUES = [42, true, false, null, [], {}];

function singleMutations() {
  const cases = [];
  for (const [key, valid] of Object.entries(VALID)) {
    cases.push({ [key]: valid });
    for (const field of Object.keys(valid)) {
      const without = { ...valid };
      delete without[field];
      cases.push({ [key]: without });
      for (const v of [...STRING_VALUES, ...OTHER_VALUES]) cases.push({ [key]: { ...valid, [field]: v } });
    }
    cases.push({ [key]: { ...valid, extraField: 'x' } });
    for (const v of [null, 'text', 42, []]) cases.push({ [key]: v });
    cases.push({ [key]: {} });
  }
  for (const key of ['googleAnalytics', 'plausibel', 'foo', 'GA4']) {
    cases.push({ [key]: { publicApiKey: 'pk_1', domainScript: 'abc', bundleId: 'abc' } });
  }
  return cases;
}

// A small deterministic PRNG so the combined set is the same on every run.
function prng(seed) {
  return () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
}

function generated() {
  const singles = singleMutations();
  const random = prng(20261123);
  const combined = [];
  for (let i = 0; i < 150; i++) {
    const object = {};
    const n = 2 + Math.floor(random() * 3);
    for (let j = 0; j < n; j++) Object.assign(object, singles[Math.floor(random() * singles.length)]);
    combined.push(object);
  }
  return [...singles, ...combined, [], 'x', 42];
}

function mintlifyErrors(integrations) {
  const result = validateDocsConfig({ ...BASE, integrations });
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === 'integrations');
}

let generatedReports;
/** The generated cases and our verdicts on them, computed once for the tests below. */
function generatedWithOurs() {
  if (!generatedReports) {
    const cases = generated();
    const dir = tempDir('docs-assistant-compare-');
    const paths = cases.map((integrations, i) => {
      mkdirSync(join(dir, String(i)));
      const file = join(dir, String(i), 'docs.json');
      writeFileSync(file, JSON.stringify({ ...BASE, integrations }));
      return file;
    });
    generatedReports = { cases, reports: ours(paths) };
  }
  return generatedReports;
}

function ours(paths) {
  const javaHome = execFileSync(join(repo, 'bin', 'java-home')).toString().trim();
  const jar = join(repo, 'server', 'target', 'docs-assistant.jar');
  const noPlugins = tempDir('docs-assistant-plugins-');
  let out;
  try {
    out = execFileSync(join(javaHome, 'bin', 'java'), ['--enable-native-access=ALL-UNNAMED', '-jar', jar, 'validate',
      '--format', 'json', '--plugins-dir', noPlugins, ...paths], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    out = e.stdout; // exit status 1: some of them have errors
  }
  return JSON.parse(out.toString());
}

test('the baseline docs.json is valid for Mintlify', () => {
  assert.deepEqual(validateDocsConfig(BASE).success, true);
});

test('our verdicts match Mintlify except for documented stricter rules', () => {
  assert.ok(stricterMessages.size >= 6, `stricter rules found in docs/integrations.md: ${[...stricterMessages]}`);
  assert.ok(!reference.includes('not supported here'), 'the reference lists no unsupported Mintlify key');
  const { cases, reports } = generatedWithOurs();
  assert.equal(reports.length, cases.length);
  const counts = { same: 0, stricter: 0, bothInvalid: 0 };
  const failures = [];
  cases.forEach((integrations, i) => {
    const mint = mintlifyErrors(integrations);
    const report = reports[i];
    const errors = report.problems.filter((p) => p.severity === 'error');
    const mintValid = mint.length === 0;
    if (mintValid === report.valid) {
      counts.same++;
      if (!mintValid) counts.bothInvalid++;
      return;
    }
    if (!mintValid) {
      failures.push(`we accept what Mintlify rejects: ${JSON.stringify(integrations)} (${mint.map((m) => m.message)})`);
      return;
    }
    const undocumented = errors.filter((p) => !(stricterMessages.has(p.message)
      || (p.code === 'private-host' && reference.includes('allow-private-hosts'))
      || (p.code === 'unknown-integration' && unsupportedKeys.has(p.pointer.split('/')[2]))));
    if (undocumented.length > 0) {
      failures.push(`${JSON.stringify(integrations)}: rejected by undocumented rules ${JSON.stringify(undocumented)}`);
    } else {
      counts.stricter++;
    }
  });
  assert.deepEqual(failures, []);
  console.log(`compared ${cases.length} integrations objects: ${counts.same} identical verdicts `
    + `(${counts.bothInvalid} invalid for both), ${counts.stricter} rejected only by documented stricter rules`);
  assert.ok(counts.stricter > 50 && counts.bothInvalid > 100, JSON.stringify(counts));
});

test('where both reject a value for one of Mintlify\'s own rules, the message is Mintlify\'s', () => {
  const cases = [
    [{ ga4: { measurementId: 'g-1' } }, '/integrations/ga4/measurementId', 'Must start with G'],
    [{ posthog: { apiKey: 'abc' } }, '/integrations/posthog/apiKey', 'Must start with phc_'],
    [{ intercom: { appId: 'abc' } }, '/integrations/intercom/appId', 'Must be a valid Intercom app ID'],
    [{ frontchat: { snippetId: 'abc' } }, '/integrations/frontchat/snippetId', 'Must be a valid Front chat snippet id'],
    [{ plausible: { domain: 'https://x.com' } }, '/integrations/plausible/domain', 'Must not start with https://'],
    [{ hotjar: { hjid: '1' } }, '/integrations/hotjar/hjsv', 'This field is required'],
    [{ posthog: { apiKey: 'phc_1', sessionRecording: 'yes' } }, '/integrations/posthog/sessionRecording',
      "Invalid type. Expected field to be of type 'boolean', received 'string'"],
    [{ ga4: null }, '/integrations/ga4', "Invalid type. Expected field to be of type 'object', received 'null'"],
  ];
  const dir = tempDir('docs-assistant-messages-');
  const reports = ours(cases.map(([integrations], i) => {
    const file = join(dir, `${i}.json`);
    writeFileSync(file, JSON.stringify({ ...BASE, integrations }));
    return file;
  }));
  cases.forEach(([integrations, pointer, message], i) => {
    const mint = mintlifyErrors(integrations).map((issue) => ['', ...issue.path].join('/') + ': ' + issue.message);
    assert.ok(mint.includes(`${pointer}: ${message}`), `Mintlify: ${mint}`);
    const our = reports[i].problems.map((p) => `${p.pointer}: ${p.message}`);
    assert.ok(our.includes(`${pointer}: ${message}`), `ours: ${our}`);
  });
});

test('the generated JSON Schema (docs/integrations.schema.json) agrees with the validator', () => {
  const schema = JSON.parse(readFileSync(join(repo, 'docs', 'integrations.schema.json'), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, validateFormats: false }).compile(schema);
  // Rules JSON Schema has no keyword for: only the validator checks them.
  // private-host: a host that is an IP literal, localhost or has a port (docs/integrations.md, "docs.json is code").
  const notInSchema = new Set(['url', 'not-starts-with', 'org-app', 'query-or-fragment', 'private-host']);
  const { cases, reports } = generatedWithOurs();
  const failures = [];
  let agreed = 0;
  cases.forEach((integrations, i) => {
    const schemaValid = validate(integrations);
    const problems = reports[i].problems.filter((p) => p.file === 'docs.json' && p.pointer.startsWith('/integrations'));
    const clean = problems.length === 0;
    if (clean && !schemaValid) {
      failures.push(`schema rejects what the validator accepts: ${JSON.stringify(integrations)} ${JSON.stringify(validate.errors)}`);
    } else if (schemaValid && problems.some((p) => p.severity === 'error' && !notInSchema.has(p.code))) {
      failures.push(`schema accepts what the validator rejects: ${JSON.stringify(integrations)} ${JSON.stringify(problems)}`);
    } else {
      agreed++;
    }
  });
  assert.deepEqual(failures.slice(0, 5), []);
  assert.equal(agreed, cases.length);
});
