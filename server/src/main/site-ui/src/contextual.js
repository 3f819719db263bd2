// The page menu of docs.json `contextual` (rendered by the server): the WAI-ARIA menu button pattern
// (Enter, Space or ↓ opens on the first item, ↑ on the last; ↑↓ Home End move; Esc closes back to
// the button; Tab leaves) and the two actions that need a script: copying the page's Markdown and
// copying a text (the MCP server's URL). Links (View as Markdown, Open in ChatGPT, …) are plain links.
import { layoutElement } from './layout.js';

/** Copies the Markdown at `url`: handing the clipboard a promise keeps the click's permission while it loads. */
async function copyFrom(url) {
  const text = fetch(url, { headers: { accept: 'text/markdown' } }).then((r) => {
    if (!r.ok) throw new Error(`${r.status}`);
    return r.text();
  });
  if (window.ClipboardItem && navigator.clipboard?.write) {
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

export function startContextualMenu(t) {
  const root = layoutElement('[data-contextual]');
  if (!root) return;
  const button = root.querySelector('.contextual-toggle');
  const menu = root.querySelector('[role="menu"]');
  const status = root.querySelector('.contextual-status');
  const items = () => [...menu.querySelectorAll('[role="menuitem"]')].filter((i) => !i.hidden);
  root.hidden = false;

  const open = (focus) => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const all = items();
    (focus === 'last' ? all.at(-1) : all[0])?.focus();
  };
  const close = (refocus) => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  const say = (text) => {
    status.textContent = text;
    setTimeout(() => { if (status.textContent === text) status.textContent = ''; }, 3000);
  };

  button.addEventListener('click', () => (menu.hidden ? open('first') : close(true)));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  });
  menu.addEventListener('keydown', (e) => {
    const all = items();
    const i = all.indexOf(document.activeElement);
    const to = { ArrowDown: (i + 1) % all.length, ArrowUp: (i - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      all[to].focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key === ' ' && document.activeElement?.tagName === 'A') {
      e.preventDefault(); // Space activates a menu item, links included
      document.activeElement.click();
    }
  });
  document.addEventListener('pointerdown', (e) => { if (!root.contains(e.target)) close(false); });

  // Actions of the menu's items and of the button beside it (the first option).
  root.addEventListener('click', async (e) => {
    const item = e.target.closest('[data-ctx]');
    if (!item) return;
    const inMenu = menu.contains(item);
    if (inMenu) close(true);
    if (item.dataset.copyFrom === undefined && item.dataset.copyText === undefined) return; // a link, or Ask AI
    try {
      if (item.dataset.copyFrom !== undefined) await copyFrom(item.dataset.copyFrom);
      else await navigator.clipboard.writeText(item.dataset.copyText);
      say(t('copied'));
    } catch {
      say(t('copyFailed'));
    }
  });
}
