// Search: Ctrl K / ⌘K (or "/", or the search box) opens a dialog that searches as you type, with
// arrow keys to move, Enter to open, Escape to close, and the query's words highlighted in plain
// text (no Markdown). Without the API (no key) the box submits to the server's search page.
import { escapeHtml, safeHref } from './markdown.js';

/** Search-result text as a reader should see it: Markdown syntax, tags and table rules removed. */
export function plainText(markdown) {
  return markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/(\*\*|__|`|~~)/g, '')
    .replace(/\s*\|\s*/g, ' · ')
    .replace(/\s+/g, ' ')
    .replace(/^( · )+|( · )+$/g, '')
    .trim();
}

function words(query) {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter((w) => w.length > 1))];
}

/** The text around the first matching word, escaped, with every match in <mark>. */
export function highlight(text, query, width = 160) {
  const ws = words(query);
  const lower = text.toLowerCase();
  const first = Math.min(...ws.map((w) => lower.indexOf(w)).filter((i) => i >= 0), Infinity);
  const start = first === Infinity || first < width / 3 ? 0 : first - Math.floor(width / 3);
  let piece = text.slice(start, start + width);
  piece = (start > 0 ? '…' : '') + piece + (start + width < text.length ? '…' : '');
  if (!ws.length) return escapeHtml(piece);
  const pattern = new RegExp(ws.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  let out = '';
  let last = 0;
  for (const m of piece.matchAll(pattern)) {
    out += escapeHtml(piece.slice(last, m.index)) + `<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(piece.slice(last));
}

function buildDialog(t) {
  const dialog = document.createElement('dialog');
  dialog.className = 'search-dialog';
  dialog.setAttribute('aria-label', t('searchLabel'));
  dialog.innerHTML = `<div class="search-dialog-box">
    <input type="search" role="combobox" aria-expanded="true" aria-controls="search-dialog-results" aria-autocomplete="list"
      autocomplete="off" spellcheck="false">
    <ul id="search-dialog-results" class="search-dialog-results" role="listbox"></ul>
    <p class="search-dialog-hints"></p></div>`;
  const input = dialog.querySelector('input');
  input.placeholder = t('searchPlaceholder');
  input.setAttribute('aria-label', t('searchLabel'));
  dialog.querySelector('.search-dialog-hints').textContent = t('searchHints');
  document.body.appendChild(dialog);
  return dialog;
}

/** macOS readers press ⌘K; everyone else Ctrl K (on Linux and Windows ⌘ is no key they have). */
export function shortcutLabel(nav = navigator) {
  const platform = nav.userAgentData?.platform ?? nav.platform ?? '';
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K';
}

export function startSearch(config, t, headers) {
  const form = document.querySelector('form.search');
  if (!form) return;
  const box = form.querySelector('input[name=q]');
  const hint = form.querySelector('.search-key');
  if (hint) { hint.textContent = shortcutLabel(); hint.hidden = false; }
  if (!headers) {
    document.addEventListener('keydown', (e) => {
      if ((e.key === 'k' && (e.metaKey || e.ctrlKey))) { e.preventDefault(); box.focus(); }
    });
    return;
  }
  const dialog = buildDialog(t);
  const input = dialog.querySelector('input');
  const list = dialog.querySelector('ul');
  let hits = [];
  let active = -1;
  let timer = 0;
  let seq = 0;
  let searchId = null;

  // Which result was opened, for the site's search analytics: sent as the page unloads (keepalive),
  // to the same origin with the page key, as the search itself.
  const reportClick = (index) => {
    const hit = hits[index];
    if (!searchId || !hit) return;
    fetch(`${config.api ?? ''}/v1/search/${encodeURIComponent(config.domain)}/click`, {
      method: 'POST', headers, keepalive: true, body: JSON.stringify({ searchId, path: hit.path }),
    }).catch(() => {});
  };

  const searchPage = (q) => `${config.base}/_search?q=${encodeURIComponent(q)}`;
  const setActive = (n) => {
    const items = list.querySelectorAll('[role=option]');
    if (!items.length) { active = -1; return; }
    active = (n + items.length) % items.length;
    items.forEach((el, i) => el.setAttribute('aria-selected', String(i === active)));
    input.setAttribute('aria-activedescendant', items[active].id);
    items[active].scrollIntoView({ block: 'nearest' });
  };
  const render = (query) => {
    list.innerHTML = hits.length ? hits.map((h, i) => {
      const title = h.metadata?.title ?? h.path;
      const section = h.metadata?.section && h.metadata.section !== title ? h.metadata.section : '';
      return `<li role="option" id="search-hit-${i}" aria-selected="false"><a class="search-hit" tabindex="-1" href="${escapeHtml(safeHref(h.path, config.base) ?? '#')}">`
        + `<strong>${highlight(title, query, 120)}</strong>`
        + (section ? `<em>${highlight(section, query, 120)}</em>` : '')
        + `<span>${highlight(plainText(h.content), query)}</span></a></li>`;
    }).join('') : `<li class="search-empty">${escapeHtml(t('searchNoResults'))}</li>`;
    setActive(0);
  };
  const run = () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (!query) { hits = []; list.innerHTML = ''; active = -1; return; }
    timer = setTimeout(async () => {
      const mine = ++seq;
      const filter = {};
      if (config.version) filter.version = config.version;
      if (config.language) filter.language = config.language;
      try {
        const res = await fetch(`${config.api ?? ''}/v1/search/${encodeURIComponent(config.domain)}`, {
          method: 'POST', headers, body: JSON.stringify({ query, pageSize: 8, filter, channel: 'site' }),
        });
        if (mine !== seq) return;
        if (!res.ok) throw new Error(String(res.status));
        hits = await res.json();
        searchId = res.headers.get('X-Search-Id') ?? hits[0]?.searchId ?? null;
        render(query);
      } catch {
        if (mine === seq) { hits = []; list.innerHTML = ''; }
      }
    }, 120);
  };
  const open = (initial) => {
    if (dialog.open) return;
    input.value = initial ?? box.value;
    dialog.showModal();
    input.focus();
    input.select();
    run();
  };
  input.addEventListener('input', run);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setActive(active + 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive(active - 1); }
    // Escape closes, as the hint says; a search input would otherwise only clear its text first.
    else if (e.key === 'Escape') { e.preventDefault(); dialog.close(); }
    else if (e.key === 'Enter') {
      e.preventDefault();
      const link = list.querySelectorAll('[role=option] a')[active];
      if (link) reportClick(active);
      window.location.href = link ? link.href : searchPage(input.value.trim());
    }
  });
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
  list.addEventListener('click', (e) => {
    const option = e.target.closest('[role=option]');
    if (option) reportClick([...list.querySelectorAll('[role=option]')].indexOf(option));
  });
  dialog.addEventListener('close', () => { box.value = input.value; });
  box.addEventListener('focus', () => { box.blur(); open(); });
  box.addEventListener('keydown', (e) => { if (e.key.length === 1) { e.preventDefault(); open(box.value + e.key); } });
  form.addEventListener('submit', (e) => { e.preventDefault(); open(); });
  document.addEventListener('keydown', (e) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName ?? '') || document.activeElement?.isContentEditable;
    if ((e.key === 'k' && (e.metaKey || e.ctrlKey)) || (e.key === '/' && !typing)) {
      e.preventDefault();
      open();
    }
  });
}
