// Loads a docs site (docs.json + .md/.mdx pages) into sections split at headings.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Every page the navigation lists, with the version and language it sits under (first listing wins). */
function navigationPages(node, context = {}, out = new Map()) {
  if (typeof node === 'string') {
    if (!out.has(node)) out.set(node, context);
    return out;
  }
  if (Array.isArray(node)) {
    for (const child of node) navigationPages(child, context, out);
    return out;
  }
  if (node && typeof node === 'object') {
    const here = {
      version: typeof node.version === 'string' ? node.version : context.version,
      language: typeof node.language === 'string' ? node.language : context.language,
    };
    if (typeof node.root === 'string') navigationPages(node.root, here, out);
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'root' && typeof value === 'object') navigationPages(value, here, out);
    }
  }
  return out;
}

/** A YAML scalar as written: double quotes with JSON escapes, single quotes, or plain. */
/** docs.json with its {"$ref": "./file.json"} includes resolved (siblings of a $ref override the included keys). */
async function readConfig(file) {
  const resolve = async (node, dir) => {
    if (Array.isArray(node)) return Promise.all(node.map((n) => resolve(n, dir)));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node;
    let out = {};
    if (typeof $ref === 'string') {
      const target = path.resolve(dir, $ref);
      out = await resolve(JSON.parse(await readFile(target, 'utf8')), path.dirname(target));
    }
    for (const [key, value] of Object.entries(rest)) out[key] = await resolve(value, dir);
    return out;
  };
  return resolve(JSON.parse(await readFile(file, 'utf8')), path.dirname(file));
}

function unquote(value) {
  if (/^".*"$/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value.slice(1, -1);
    }
  }
  return /^'.*'$/.test(value) ? value.slice(1, -1).replace(/''/g, "'") : value;
}

function frontMatter(source) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data = {};
  for (const line of match[1].split('\n')) {
    const kv = /^(\w[\w-]*):\s*(.*)$/.exec(line);
    if (kv) data[kv[1]] = unquote(kv[2].trim());
  }
  return { data, body: source.slice(match[0].length) };
}

/** MDX to searchable Markdown: imports/exports and comments dropped, JSX tags removed but their text kept. */
function mdxToMarkdown(body) {
  return body
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[A-Za-z][\w.]*(\s[^<>]*)?\/?>/g, '');
}

/** GitHub-style heading anchor. */
export function slug(text) {
  return text.toLowerCase().trim().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s+/g, '-');
}

/** Splits Markdown at headings outside code fences: the text before the first heading is the page's intro. */
function splitSections(markdown) {
  const sections = [];
  let current = { heading: '', lines: [] };
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      sections.push(current);
      current = { heading: heading[2], lines: [line] };
    } else {
      current.lines.push(line);
    }
  }
  sections.push(current);
  return sections
    .map((s) => ({ heading: s.heading, content: s.lines.join('\n').trim() }))
    .filter((s) => s.content.length > 0);
}

async function readPage(root, page) {
  for (const ext of ['.mdx', '.md']) {
    const file = path.join(root, page + ext);
    if (existsSync(file)) return readFile(file, 'utf8');
  }
  return null;
}

/**
 * The sections of every navigation page of the site in {@code root} ({page, path with anchor, title,
 * section, content, version, language}) and its default version and language (the first listed).
 */
export async function loadSite(root) {
  const config = await readConfig(path.join(root, 'docs.json'));
  const sections = [];
  const pages = navigationPages(config.navigation);
  const scopes = [...pages.values()];
  const defaults = {
    version: scopes.find((s) => s.version)?.version ?? null,
    language: scopes.find((s) => s.language)?.language ?? null,
  };
  for (const [page, scope] of pages) {
    const source = await readPage(root, page);
    if (source === null) continue;
    const { data, body } = frontMatter(source);
    if (data.noindex === 'true' || data.hidden === 'true') continue;
    const pagePath = '/' + page.replace(/(^|\/)index$/, '');
    const title = data.title || page.split('/').pop();
    for (const { heading, content } of splitSections(mdxToMarkdown(body))) {
      sections.push({
        id: sections.length,
        page: pagePath,
        path: heading ? `${pagePath}#${slug(heading)}` : pagePath,
        title,
        section: heading,
        content,
        version: scope.version ?? null,
        language: scope.language ?? null,
      });
    }
  }
  return { sections, defaults };
}
