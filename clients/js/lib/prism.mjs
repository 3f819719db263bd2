// Starts Stoplight's Prism (@stoplight/prism-cli, a mock server no one here wrote) on a free loopback port,
// serving an OpenAPI file: it validates every request against the document (a violation is its 4xx)
// and logs each request's headers and body at the debug level, which the tests read.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

/**
 * Returns { url, log, requests, stop }: log() is everything Prism has written, requests() the requests it
 * received, each { method, path, headers, body, valid }.
 */
export async function startPrism(spec, port, { timeoutMs = 60000 } = {}) {
  const cli = join(dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const proc = spawn(process.execPath, [cli, 'mock', '--host', '127.0.0.1', '--port', String(port), '--errors', '--verboseLevel', 'debug', spec],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (b) => { out += b; });
  proc.stderr.on('data', (b) => { out += b; });
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => { proc.kill(); fail(new Error('Prism did not start: ' + out)); }, timeoutMs);
    const check = () => { if (/Prism is listening/.test(out)) { clearTimeout(timer); ok(); } };
    proc.stdout.on('data', check);
    proc.on('exit', (code) => { clearTimeout(timer); fail(new Error(`Prism exited ${code}: ${out}`)); });
  });
  // Each request: "[HTTP SERVER] get /path ℹ info Request received", its headers ("< \tname: value"),
  // "< Body: …" (several lines for multipart) and the validator's verdict.
  const requests = () => out.split(/^.*\[HTTP SERVER\] (?=\w+ \S+ .*Request received)/m).slice(1).map((chunk) => {
    const [, method, path] = /^(\w+) (\S+)/.exec(chunk);
    const headers = {};
    for (const m of chunk.matchAll(/^.*debug\s+< \t([^:]+): (.*)$/gm)) headers[m[1]] = m[2];
    const body = /debug\s+< Body: ([\s\S]*?)\n\[\d/.exec(chunk)?.[1] ?? null;
    return { method: method.toUpperCase(), path, headers, body, valid: /passed the validation rules/.test(chunk) };
  });
  return { url: `http://127.0.0.1:${port}`, log: () => out, requests, stop: () => proc.kill() };
}
