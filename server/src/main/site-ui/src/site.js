// The rendered docs site's script: search as you type, component behaviour (tabs, code copy),
// feedback, and the assistant panel. Pages read fine without it.
import { startAssistant } from './assistant.js';
import { escapeHtml, safeHref } from './markdown.js';
import { layoutElement } from './layout.js';

function readConfig() {
  const el = document.head.querySelector('script[id="da:config"]');
  return el ? JSON.parse(el.textContent) : null;
}

function authHeaders(config) {
  const headers = { 'content-type': 'application/json' };
  if (config.assistantKey) headers.Authorization = `Bearer ${config.assistantKey}`;
  return headers;
}

function startSearch(config) {
  const form = layoutElement('form.search');
  if (!form) return;
  const input = form.querySelector('input[name=q]');
  const box = form.querySelector('.search-results');
  let timer = 0;
  let seq = 0;
  const hide = () => { box.hidden = true; };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (!query) { hide(); return; }
    timer = setTimeout(async () => {
      const mine = ++seq;
      const filter = {};
      if (config.version) filter.version = config.version;
      if (config.language) filter.language = config.language;
      try {
        const res = await fetch(`/v1/search/${encodeURIComponent(config.domain)}`, {
          method: 'POST', headers: authHeaders(config), body: JSON.stringify({ query, pageSize: 8, filter }),
        });
        if (mine !== seq) return;
        if (!res.ok) throw new Error(String(res.status));
        const hits = await res.json();
        box.innerHTML = hits.length ? hits.map((h) => `<a class="search-hit" href="${escapeHtml(safeHref(h.path, config.base) ?? '#')}">`
          + `<strong>${escapeHtml(h.metadata?.title ?? h.path)}</strong>`
          + `<span>${escapeHtml(h.content.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[#*`>|]+/g, ' ').slice(0, 140))}</span></a>`).join('')
          : '<p class="search-empty">No results</p>';
        box.hidden = false;
      } catch {
        if (mine === seq) hide(); // the form still submits to the search page
      }
    }, 150);
  });
  input.addEventListener('keydown', (e) => { if (e.key === 'Escape') hide(); });
  document.addEventListener('click', (e) => { if (!form.contains(e.target)) hide(); });
  document.addEventListener('keydown', (e) => {
    if ((e.key === 'k' && (e.metaKey || e.ctrlKey)) || (e.key === '/' && document.activeElement === document.body)) {
      e.preventDefault();
      input.focus();
    }
  });
}

function startTabs() {
  document.querySelectorAll('.prose .tabs').forEach((tabs) => {
    const panels = [...tabs.children].filter((c) => c.classList.contains('tab'));
    if (panels.length < 2) return;
    const bar = document.createElement('div');
    bar.className = 'tab-bar';
    bar.setAttribute('role', 'tablist');
    panels.forEach((panel, i) => {
      const title = panel.querySelector(':scope > .tab-title');
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('role', 'tab');
      button.textContent = title ? title.textContent : `Tab ${i + 1}`;
      if (title) title.hidden = true;
      button.addEventListener('click', () => select(i));
      bar.appendChild(button);
    });
    const select = (n) => panels.forEach((p, i) => {
      p.hidden = i !== n;
      bar.children[i].setAttribute('aria-selected', String(i === n));
    });
    tabs.prepend(bar);
    tabs.classList.add('tabs-ready');
    select(0);
  });
}

function startCodeCopy() {
  document.querySelectorAll('.prose .code-block').forEach((block) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.addEventListener('click', async () => {
      await navigator.clipboard?.writeText(block.querySelector('code').textContent);
      button.textContent = 'Copied';
      setTimeout(() => { button.textContent = 'Copy'; }, 1500);
    });
    block.appendChild(button);
  });
}

function startFeedback(config) {
  const box = layoutElement('[data-feedback]');
  if (!box) return;
  box.addEventListener('click', (e) => {
    const value = e.target.closest('button')?.dataset.feedbackValue;
    if (!value) return;
    fetch(`/v1/feedback/${encodeURIComponent(config.domain)}`, {
      method: 'POST', headers: authHeaders(config), keepalive: true,
      body: JSON.stringify({ path: config.currentPath, helpful: value === 'yes' }),
    }).catch(() => {});
    box.textContent = 'Thanks for the feedback!';
  });
}

function foldMenuOnSmallScreens() {
  const menu = layoutElement('.sidebar-menu');
  if (menu && window.matchMedia('(max-width: 760px)').matches) menu.open = false;
}

foldMenuOnSmallScreens();
const config = readConfig();
if (config) {
  startTabs();
  startCodeCopy();
  // Without a key every API call would fail: the page then offers the plain search page only.
  if (config.assistantKey) {
    startSearch(config);
    startFeedback(config);
    window.docsAssistantChat = startAssistant(config);
  }
}
