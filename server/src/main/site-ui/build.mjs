// Bundles the site script and stylesheet into the server's resources. The script is ES modules
// split into chunks: the first page loads site.js only; highlighting and the assistant (the AI SDK
// chat) are chunks with content-hashed names, loaded when a page needs them. manifest.txt lists
// every file for the server.
// Usage: node build.mjs [outdir]   (default: ../../../target/classes/site-ui)
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(here, '../../../target/classes/site-ui'));
rmSync(outdir, { recursive: true, force: true });

const js = await build({
  entryPoints: { 'site': path.join(here, 'src/site.js') },
  bundle: true,
  splitting: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  platform: 'browser',
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const css = await build({
  entryPoints: { 'site': path.join(here, 'src/site.css') },
  bundle: true,
  minify: true,
  outdir,
  logLevel: 'warning',
  metafile: true,
});
// Icon sets for the server, which inlines as SVG only the icons a page uses: Font Awesome (solid,
// then brands; docs.json's default library) and Lucide (icons.library: "lucide").
const require = createRequire(import.meta.url);
function fontAwesome() {
  const icons = {};
  for (const set of [require('@fortawesome/free-solid-svg-icons').fas, require('@fortawesome/free-brands-svg-icons').fab]) {
    for (const def of Object.values(set)) {
      const [width, height, aliases, , path] = def.icon;
      const entry = `0 0 ${width} ${height}|${Array.isArray(path) ? path.join(' ') : path}`;
      for (const name of [def.iconName, ...aliases.filter((a) => typeof a === 'string')]) icons[name] ??= entry;
    }
  }
  return icons;
}
function lucide() {
  const nodes = JSON.parse(readFileSync(require.resolve('lucide-static/icon-nodes.json'), 'utf8'));
  const esc = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const icons = {};
  for (const [name, children] of Object.entries(nodes)) {
    icons[name] = '0 0 24 24|' + children.map(([tag, attrs]) =>
      `<${tag}${Object.entries(attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join('')}/>`).join('');
  }
  return icons;
}
mkdirSync(path.join(outdir, 'icons'), { recursive: true });
writeFileSync(path.join(outdir, 'icons/fontawesome.json'), JSON.stringify(fontAwesome()));
writeFileSync(path.join(outdir, 'icons/lucide.json'), JSON.stringify(lucide()));

const files = [...Object.keys(js.metafile.outputs), ...Object.keys(css.metafile.outputs)]
  .map((f) => path.relative(outdir, path.resolve(f)).split(path.sep).join('/'));
writeFileSync(path.join(outdir, 'manifest.txt'), files.join('\n') + '\n');
console.log(`site-ui: bundled ${files.length} files into ${outdir}`);
