// Bundles the site script (with the AI SDK's chat) and stylesheet into the server's resources.
// Usage: node build.mjs [outdir]   (default: ../../../target/classes/site-ui)
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(here, '../../../target/classes/site-ui'));

await build({
  entryPoints: { 'site': path.join(here, 'src/site.js') },
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  platform: 'browser',
  outdir,
  legalComments: 'none',
  logLevel: 'warning',
});
await build({
  entryPoints: { 'site': path.join(here, 'src/site.css') },
  bundle: true,
  minify: true,
  outdir,
  logLevel: 'warning',
});
console.log(`site-ui: bundled into ${outdir}`);
