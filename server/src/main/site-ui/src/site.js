// The rendered docs site's first script: theme toggle, the search dialog (Ctrl K / ⌘K), component behaviour
// (tabs, code groups, copy buttons), feedback. Syntax highlighting and the assistant (the AI SDK
// chat) are separate chunks loaded only when a page has code or the reader opens the panel, so the
// first page load stays small. Pages read fine without any of it.
import { startSearch } from './search.js';
import { startTheme } from './theme.js';
import { startTabs, startCodeGroups, startCopyButtons, startViews, startUpdateFilter } from './components.js';
import { rememberLanguageChoice } from './language.js';
import { layoutElement, layoutElements } from './layout.js';
import { startContextualMenu } from './contextual.js';

function readConfig() {
  const el = document.head.querySelector('script[id="da:config"]');
  return el ? JSON.parse(el.textContent) : null;
}

export function authHeaders(config) {
  const headers = { 'content-type': 'application/json' };
  if (config.assistantKey) headers.Authorization = `Bearer ${config.assistantKey}`;
  return headers;
}

function startFeedback(config, t) {
  const box = layoutElement('[data-feedback]');
  if (!box) return;
  box.addEventListener('click', (e) => {
    const value = e.target.closest('button')?.dataset.feedbackValue;
    if (!value) return;
    fetch(`${config.api ?? ''}/v1/feedback/${encodeURIComponent(config.domain)}`, {
      method: 'POST', headers: authHeaders(config), keepalive: true,
      body: JSON.stringify({ path: config.currentPath, helpful: value === 'yes' }),
    }).catch(() => {});
    box.textContent = t('feedbackThanks');
  });
}

/** A dismissible banner stays away once closed, until its text changes. */
function startBanner() {
  const banner = layoutElement('[data-banner]');
  const close = banner?.querySelector('[data-banner-close]');
  if (!close) return;
  const key = `docs-assistant:banner:${banner.dataset.banner}`;
  try { if (localStorage.getItem(key)) { banner.remove(); return; } } catch { /* show it */ }
  close.hidden = false;
  close.addEventListener('click', () => {
    banner.remove();
    try { localStorage.setItem(key, '1'); } catch { /* this page only */ }
  });
}

/** On small screens the navigation is a drawer behind the menu button: folded at first, closed by Escape or the shade. */
function foldMenuOnSmallScreens() {
  const menu = layoutElement('.sidebar-menu');
  const small = window.matchMedia('(max-width: 760px)');
  if (!menu) return;
  if (small.matches) menu.open = false;
  const close = () => { menu.open = false; menu.querySelector('summary').focus(); };
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && menu.open && small.matches) close(); });
  // The shade beside the drawer belongs to the disclosure itself: a click there closes it.
  menu.addEventListener('click', (e) => { if (e.target === menu && small.matches) close(); });
}

/** Math and diagrams: their chunks load only on pages that have them. */
function drawMathAndDiagrams() {
  if (document.querySelector('.prose .math')) {
    import('./math.js').then((m) => m.renderMath()).catch(() => { /* the TeX stays */ });
  }
  if (document.querySelector('.prose .mermaid-diagram')) {
    import('./diagrams.js').then((m) => m.renderDiagrams()).catch(() => { /* the source stays */ });
  }
}

function highlightCode() {
  if (document.querySelector('.prose pre code[class*="language-"]')) {
    import('./highlight.js').then((m) => m.highlightAll()).catch(() => { /* code stays plain */ });
  }
}

/** The reader's last selection in the page text: the assistant's context when its panel opens later. */
function trackSelection() {
  const selected = { text: '', onChange: null, keepUntil: 0 };
  document.addEventListener('selectionchange', () => {
    const s = document.getSelection();
    const inPage = s && s.rangeCount && document.querySelector('.prose')?.contains(s.anchorNode);
    const text = inPage ? s.toString().trim() : '';
    // Pressing "Ask AI" collapses the selection: that is not the reader choosing no text.
    if (!text && performance.now() < selected.keepUntil) return;
    if (text || inPage) {
      selected.text = text.slice(0, 4000);
      selected.onChange?.();
    }
  });
  return selected;
}

/** The assistant's code (the AI SDK chat) loads when the panel is first opened, or was left open. */
function startAssistantButton(config, t) {
  const selected = trackSelection();
  let started = null;
  const load = () => {
    started ??= import('./assistant.js').then((m) => {
      window.docsAssistantChat = m.startAssistant(config, t, selected);
      return window.docsAssistantChat;
    });
    return started;
  };
  layoutElements('[data-open-assistant]').forEach((b) => {
    b.hidden = false;
    b.addEventListener('pointerdown', () => { selected.keepUntil = performance.now() + 1000; });
    b.addEventListener('click', () => load().then(() => window.docsAssistantChat?.open()));
  });
  try {
    if (JSON.parse(sessionStorage.getItem(`docs-assistant:chat:${config.domain}`))?.open) load();
  } catch { /* no saved conversation */ }
}

/** An endpoint page's playground: its own chunk, loaded only where the page carries a form. */
function startPlayground(config, t) {
  const data = document.getElementById('da:playground');
  if (!data) return;
  import('./playground.js').then((m) => m.startPlayground(config, JSON.parse(data.textContent), t)).catch(() => { /* the reference stays */ });
}

foldMenuOnSmallScreens();
const config = readConfig();
const strings = config?.strings ?? {};
const t = (key) => strings[key] ?? key;
startTheme(t);
startBanner();
if (config) {
  startTabs();
  startViews();
  startUpdateFilter(t);
  rememberLanguageChoice(config);
  startCodeGroups(t);
  startCopyButtons(t);
  startContextualMenu(t);
  highlightCode();
  drawMathAndDiagrams();
  startPlayground(config, t);
  // Without a key every API call would fail: the page then offers the plain search page only.
  startSearch(config, t, config.assistantKey ? authHeaders(config) : null);
  if (config.assistantKey) {
    startFeedback(config, t);
    startAssistantButton(config, t);
  }
}
