// Starts the built docs-assistant server on a free port with a throwaway config serving a shared corpus
// (tests under test/shared only) or sites in the repository.
import { spawn, execFileSync } from 'node:child_process';
import { writeFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './tmp.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The example site in the repository (examples/acme-docs) as domain acme: what a plain clone's tests serve. */
export const exampleSite = { domain: 'acme', path: join(repo, 'examples', 'acme-docs') };

/** The corpus folder in the `shared` folder beside the repository (never copied into it). */
export function corpus(name) {
  for (let d = repo; d !== dirname(d); d = dirname(d)) {
    const p = join(d, 'shared', 'corpora', name);
    if (existsSync(p)) return p;
  }
  throw new Error(`shared/corpora/${name} not found above ${repo}`);
}

/**
 * Starts a server and creates an assistant key for its organisation with `keys create` (the key is
 * the last line it prints). Returns { url, dashboard, key, authorization, output, stop }; output() is what the
 * server has printed so far.
 *
 * @param reasoning relay the model's reasoning as v2 reasoning-* parts (docs-assistant.stream.reasoning)
 * @param llm       when given ({ baseUrl }), answers are written by the language-model generator talking to
 *                  that OpenAI-compatible endpoint instead of the offline extractive one
 * @param sites     sites to serve: a corpus name, or { domain, path, organization? } for another folder
 *                  (organisation acme unless given)
 * @param siteYaml  extra YAML lines for each site entry, by domain (e.g. its assistant-key)
 * @param timeoutMs how long indexing may take before the server counts as failed
 * @param yaml      extra YAML lines under docs-assistant (e.g. security: {admin-token: …})
 */
export async function startServer({ finishThreadId = true, reasoning = false, llm, sites = ['mcp'], siteYaml = {}, timeoutMs = 60000,
  yaml = [] } = {}) {
  const dir = tempDir('docs-assistant-js-');
  const config = join(dir, 'application.yaml');
  writeFileSync(config, [
    'docs-assistant:',
    '  data-dir: data',
    // One embedding cache for every test server (the Maven tests fill the same one first): each fresh
    // data dir would otherwise embed the corpus again, most of a minute per server on 2 cores.
    '  search:',
    `    embedding-cache: ${join(repo, 'server', 'target', 'embedding-cache')}`,
    '  stream:',
    `    finish-thread-id: ${finishThreadId}`,
    `    reasoning: ${reasoning}`,
    ...yaml.map((line) => '  ' + line),
    ...(llm ? ['  generator: llm', '  llm:', `    base-url: ${llm.baseUrl}`, '    model: test-model'] : []),
    '  sites:',
    ...sites.map((s) => (typeof s === 'string' ? { domain: s, path: corpus(s) } : s)).flatMap(({ domain, path, organization }) => [
      `    - domain: ${domain}`,
      `      organization: ${organization ?? 'acme'}`,
      `      path: ${path}`,
      ...(siteYaml[domain] ?? []).map((line) => '      ' + line),
    ]),
    '',
  ].join('\n'));
  const javaHome = execFileSync(join(repo, 'bin', 'java-home')).toString().trim();
  const jar = join(repo, 'server', 'target', 'docs-assistant.jar');
  const java = join(javaHome, 'bin', 'java');
  /** Runs a bin/docs-assistant command against this server's configuration and store; returns what it printed. */
  const cli = (...args) => execFileSync(java, ['--enable-native-access=ALL-UNNAMED', '-jar', jar,
    ...args, '--config', config], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  const created = cli('keys', 'create', '--org', 'acme');
  const key = created.trim().split('\n').at(-1);
  if (!key.startsWith('svc_dsc_')) throw new Error('keys create printed no key: ' + created);
  const proc = spawn(java, ['--enable-native-access=ALL-UNNAMED', '-jar', jar,
    'serve', '--config', config, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let exited = null;
  const deadline = Date.now() + timeoutMs;
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not start: ' + out)), timeoutMs);
    proc.stdout.on('data', (b) => {
      out += b;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); ok(m[1].replace('localhost', '127.0.0.1')); }
    });
    proc.on('exit', (code) => { exited = code; fail(new Error(`server exited ${code}: ${out}`)); });
  });
  // The port opens before the sites are indexed: wait for readiness, as a load balancer's probe does.
  while ((await fetch(url + '/observe/health/ready').catch(() => null))?.status !== 200) {
    if (exited !== null) throw new Error(`server exited ${exited}: ${out}`);
    if (Date.now() > deadline) { proc.kill(); throw new Error('server did not turn ready: ' + out); }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The dashboard and the admin API answer on their own host only (Chromium resolves *.localhost itself).
  const dashboard = `http://dashboard.localhost:${new URL(url).port}`;
  return { url, dashboard, key, authorization: `Bearer ${key}`, output: () => out, cli, stop: () => proc.kill() };
}
