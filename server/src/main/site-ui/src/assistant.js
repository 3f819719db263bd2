// The assistant panel: the AI SDK's chat (AbstractChat + DefaultChatTransport) driven without a UI
// framework. The thread and its messages live in sessionStorage, so the conversation continues on
// every page of the visit.
import './zod-jitless.js';
import { AbstractChat, DefaultChatTransport } from 'ai';
import { renderMarkdown, escapeHtml, safeHref } from './markdown.js';

const STORE = 'docs-assistant:chat:';

/** ChatState that tells the panel about every change. */
class ObservableState {
  constructor(messages, onChange) {
    this._status = 'ready';
    this._error = undefined;
    this.messages = messages;
    this.onChange = onChange;
  }
  get status() { return this._status; }
  set status(s) { this._status = s; this.onChange(); }
  get error() { return this._error; }
  set error(e) { this._error = e; this.onChange(); }
  pushMessage(m) { this.messages = this.messages.concat(m); this.onChange(); }
  popMessage() { this.messages = this.messages.slice(0, -1); this.onChange(); }
  replaceMessage(i, m) { this.messages = [...this.messages.slice(0, i), m, ...this.messages.slice(i + 1)]; this.onChange(); }
  snapshot(thing) { return structuredClone(thing); }
}

class PanelChat extends AbstractChat {
  constructor({ messages, onChange, ...init }) {
    super({ ...init, state: new ObservableState(messages, onChange) });
  }
}

function load(domain) {
  try {
    return JSON.parse(sessionStorage.getItem(STORE + domain)) ?? {};
  } catch {
    return {};
  }
}

function fingerprint() {
  let fp = localStorage.getItem('docs-assistant:fp');
  if (!fp) {
    fp = 'anon-' + crypto.randomUUID();
    localStorage.setItem('docs-assistant:fp', fp);
  }
  return fp;
}

/** Starts the panel (its button is wired by the site script); returns the chat and a way to open the panel. */
export function startAssistant(config, t = (k) => k, selected = { text: '' }) {
  const panel = document.getElementById('assistant');
  if (!panel) return;
  const list = panel.querySelector('.assistant-messages');
  const form = panel.querySelector('.assistant-form');
  const input = form.querySelector('textarea');
  const selectionNote = panel.querySelector('.assistant-selection');
  const saved = load(config.domain);
  let threadId = saved.threadId ?? null;
  let threadKey = saved.threadKey ?? null;

  const save = () => sessionStorage.setItem(STORE + config.domain,
    JSON.stringify({ threadId, threadKey, messages: chat.messages, open: !panel.hidden }));

  const transport = new DefaultChatTransport({
    api: `/v2/assistant/${encodeURIComponent(config.domain)}/message`,
    headers: config.assistantKey ? { Authorization: `Bearer ${config.assistantKey}` } : {},
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      threadId = res.headers.get('X-Thread-Id') ?? threadId;
      threadKey = res.headers.get('X-Thread-Key') ?? threadKey;
      if (!res.ok) {
        let message = `The assistant is unavailable (${res.status}).`;
        try { message = (await res.clone().json()).message ?? message; } catch { /* not JSON */ }
        throw new Error(message);
      }
      return res;
    },
    prepareSendMessagesRequest: ({ messages, body }) => {
      const context = selected.text ? [{ type: 'textSelection', value: selected.text, path: config.currentPath }] : [];
      const request = { ...body, fp: fingerprint(), messages, currentPath: config.currentPath || undefined, context };
      if (threadId) request.threadId = threadId;
      if (threadKey) request.threadKey = threadKey;
      const filter = {};
      if (config.version) filter.version = config.version;
      if (config.language) filter.language = config.language;
      if (Object.keys(filter).length) request.filter = filter;
      return { body: request };
    },
  });

  const chat = new PanelChat({
    messages: Array.isArray(saved.messages) ? saved.messages : [],
    transport,
    onChange: () => render(),
    onFinish: ({ message }) => {
      threadId = message.metadata?.threadId ?? threadId;
      save();
    },
    onError: () => render(),
  });

  function render() {
    list.innerHTML = chat.messages.map((m) => {
      const text = m.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
      if (m.role === 'user') {
        return `<div class="message message-user">${escapeHtml(text)}</div>`;
      }
      const sources = m.parts.filter((p) => p.type === 'source-url');
      const links = sources.length ? `<div class="message-sources"><span>${escapeHtml(t('sources'))}</span>${sources.map((s) =>
        `<a href="${escapeHtml(safeHref(s.url, config.base))}">${escapeHtml(s.title || s.url)}</a>`).join('')}</div>` : '';
      return `<div class="message message-assistant">${renderMarkdown(text, config.base)}${links}</div>`;
    }).join('');
    if (chat.status === 'submitted') list.insertAdjacentHTML('beforeend', `<div class="message message-pending">${escapeHtml(t('thinking'))}</div>`);
    if (chat.error) list.insertAdjacentHTML('beforeend', `<div class="message message-error">${escapeHtml(chat.error.message)}</div>`);
    list.scrollTop = list.scrollHeight;
    form.querySelector('button').disabled = chat.status === 'submitted' || chat.status === 'streaming';
    panel.dataset.status = chat.status;
  }

  const open = () => {
    panel.hidden = false;
    document.body.classList.add('assistant-open');
    showSelection();
    input.focus();
    save();
  };
  const close = () => {
    panel.hidden = true;
    document.body.classList.remove('assistant-open');
    save();
  };
  panel.querySelector('[data-close-assistant]').addEventListener('click', close);

  function showSelection() {
    const selection = selected.text;
    selectionNote.hidden = !selection;
    selectionNote.textContent = selection ? `${t('aboutSelection')} “${selection.slice(0, 140)}${selection.length > 140 ? '…' : ''}”` : '';
  }
  selected.onChange = () => { if (!panel.hidden) showSelection(); };


  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text || chat.status === 'submitted' || chat.status === 'streaming') return;
    input.value = '';
    chat.clearError();
    await chat.sendMessage({ text });
    selected.text = '';
    showSelection();
    save();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); }
  });

  render();
  if (saved.open) open();
  chat.open = open;
  return chat;
}
