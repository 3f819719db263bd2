// The assistant panel: the AI SDK's chat (AbstractChat + DefaultChatTransport) driven without a UI
// framework. The thread and its messages live in sessionStorage, so the conversation continues on
// every page of the visit; an answer still streaming when the page went away is resumed on the next
// (the AI SDK's resumeStream: GET …/message/{threadId}/stream replays it, then follows it live).
import './zod-jitless.js';
import { AbstractChat, DefaultChatTransport } from 'ai';
import { renderMarkdown, escapeHtml, safeHref } from './markdown.js';
import { layoutElement, layoutElements } from './layout.js';

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
  const panel = layoutElement('aside.assistant');
  if (!panel) return;
  const list = panel.querySelector('.assistant-messages');
  const form = panel.querySelector('.assistant-form');
  const input = form.querySelector('textarea');
  const selectionNote = panel.querySelector('.assistant-selection');
  // The site's starter questions (docs.json assistant.starterQuestions), offered while the panel is empty.
  const starters = panel.querySelector('[data-starters]');
  const saved = load(config.domain);
  let threadId = saved.threadId ?? null;
  let threadKey = saved.threadKey ?? null;
  // The reader's verdict on each answer, by message id: { helpful, comment?, commenting? }.
  const verdicts = saved.verdicts ?? {};
  // Whether an answer was streaming when the state was saved: the next page resumes it.
  let answering = saved.answering === true;
  const api = `${config.api ?? ''}/v2/assistant/${encodeURIComponent(config.domain)}/message`;
  const authorization = config.assistantKey ? { Authorization: `Bearer ${config.assistantKey}` } : {};

  const save = () => sessionStorage.setItem(STORE + config.domain,
    JSON.stringify({ threadId, threadKey, messages: chat.messages, verdicts, open: !panel.hidden, answering }));

  const transport = new DefaultChatTransport({
    api,
    headers: authorization,
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      threadId = res.headers.get('X-Thread-Id') ?? threadId;
      threadKey = res.headers.get('X-Thread-Key') ?? threadKey;
      if (res.ok && init?.method === 'POST') {
        answering = true; // from now on a reload resumes this answer
        save();
      }
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
    prepareReconnectToStreamRequest: () => ({
      api: `${api}/${encodeURIComponent(threadId)}/stream`,
      headers: threadKey ? { ...authorization, 'X-Thread-Key': threadKey } : authorization,
    }),
  });

  const chat = new PanelChat({
    messages: Array.isArray(saved.messages) ? saved.messages : [],
    transport,
    onChange: () => render(),
    onFinish: ({ message }) => {
      threadId = message.metadata?.threadId ?? threadId;
      answering = false;
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
      const sources = m.parts.filter((p) => p.type === 'source-url' && safeHref(p.url, config.base) !== null);
      const links = sources.length ? `<div class="message-sources"><span>${escapeHtml(t('sources'))}</span>${sources.map((s) =>
        `<a href="${escapeHtml(safeHref(s.url, config.base))}">${escapeHtml(s.title || s.url)}</a>`).join('')}</div>` : '';
      const done = chat.status === 'ready' || chat.status === 'error' || m !== chat.messages.at(-1);
      const thumbs = config.answerFeedback && done && m.id?.startsWith('msg_') ? feedbackControl(m.id) : '';
      return `<div class="message message-assistant">${renderMarkdown(text, config.base)}${links}${thumbs}</div>`;
    }).join('');
    if (chat.status === 'submitted') list.insertAdjacentHTML('beforeend', `<div class="message message-pending">${escapeHtml(t('thinking'))}</div>`);
    if (chat.error) list.insertAdjacentHTML('beforeend', `<div class="message message-error">${escapeHtml(chat.error.message)}</div>`);
    list.scrollTop = list.scrollHeight;
    form.querySelector('button').disabled = chat.status === 'submitted' || chat.status === 'streaming';
    panel.dataset.status = chat.status;
    if (starters) starters.hidden = chat.messages.length > 0;
  }

  // Lucide's thumbs, drawn inline: an emoji would be an empty box where no emoji font is installed.
  const svg = (paths) => `<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" `
    + `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
  const THUMBS_UP = svg('<path d="M7 10v12"/><path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"/>');
  const THUMBS_DOWN = svg('<path d="M17 14V2"/><path d="M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z"/>');

  function feedbackControl(messageId) {
    const v = verdicts[messageId];
    const id = escapeHtml(messageId);
    const pressed = (helpful) => (v && v.helpful === helpful ? 'true' : 'false');
    let html = `<div class="answer-feedback" data-message-id="${id}"><span>Helpful?</span>`
      + `<button type="button" data-helpful="true" aria-pressed="${pressed(true)}" aria-label="Helpful">${THUMBS_UP}</button>`
      + `<button type="button" data-helpful="false" aria-pressed="${pressed(false)}" aria-label="Not helpful">${THUMBS_DOWN}</button>`;
    if (v?.commenting) {
      html += `<form class="answer-comment"><input name="comment" maxlength="2000" placeholder="${v.helpful ? 'What helped?' : 'What was missing?'}">`
        + '<button type="submit">Send</button></form>';
    } else if (v?.comment) {
      html += '<span class="answer-thanks">Thanks for the feedback!</span>';
    }
    return html + '</div>';
  }

  async function sendVerdict(messageId) {
    const v = verdicts[messageId];
    const message = chat.messages.find((m) => m.id === messageId);
    const body = { threadId: message?.metadata?.threadId ?? threadId, messageId, helpful: v.helpful };
    if (v.comment) body.comment = v.comment;
    try {
      await fetch(`${config.api ?? ''}/v1/assistant/${encodeURIComponent(config.domain)}/feedback`, {
        method: 'POST', keepalive: true, body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
      });
    } catch { /* feedback is best effort */ }
  }

  list.addEventListener('click', (e) => {
    const button = e.target.closest('.answer-feedback button[data-helpful]');
    if (!button) return;
    const messageId = button.closest('.answer-feedback').dataset.messageId;
    verdicts[messageId] = { helpful: button.dataset.helpful === 'true', commenting: true };
    sendVerdict(messageId);
    save();
    render();
    list.querySelector(`.answer-feedback[data-message-id="${CSS.escape(messageId)}"] input`)?.focus();
  });
  list.addEventListener('submit', (e) => {
    const form = e.target.closest('.answer-comment');
    if (!form) return;
    e.preventDefault();
    const messageId = form.closest('.answer-feedback').dataset.messageId;
    const comment = form.elements.comment.value.trim();
    verdicts[messageId] = { ...verdicts[messageId], commenting: false, comment: comment || undefined };
    if (comment) sendVerdict(messageId);
    save();
    render();
  });

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
  starters?.addEventListener('click', (e) => {
    const question = e.target.closest('[data-starter]')?.textContent;
    if (!question) return;
    input.value = question;
    form.requestSubmit();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); }
  });

  render();
  if (saved.open) open();
  if (answering && threadId) {
    // Replays the answer from its start (it replaces any part of it saved), then streams the rest; 204: it has ended.
    chat.resumeStream().finally(() => { answering = false; save(); });
  }
  chat.open = open;
  return chat;
}
