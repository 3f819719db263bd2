// The API playground of an endpoint page: a form built from the operation the page carries as JSON
// (servers and their variables, credentials, parameters, body), sent through the site's playground
// proxy or, with api.playground.proxy false, by the browser itself. Credentials stay in this browser,
// kept per site (origin and path prefix); they leave it only inside a request the reader sends.
// A chunk of its own, loaded only on pages that have a playground.

let ids = 0;
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...children.filter((c) => c != null));
  return e;
};

/** A labelled input (a select for enums and booleans, a file picker for files) inside a row. */
function field(label, { type = 'string', enum: values, required, value = '', placeholder, hint, mark = required }, t) {
  const id = `pg-${++ids}`;
  let input;
  if (type === 'file') {
    input = el('input', { id, type: 'file' });
  } else if (values?.length || type === 'boolean') {
    input = el('select', { id });
    if (!required || value === '') input.append(el('option', { value: '', text: '—' }));
    for (const v of values?.length ? values : ['true', 'false']) input.append(el('option', { value: v, text: v }));
    input.value = value;
  } else {
    input = el('input', { id, type: 'text', value, placeholder, spellcheck: 'false', autocomplete: 'off',
      inputmode: type === 'integer' || type === 'number' ? 'decimal' : null });
  }
  if (required) input.setAttribute('aria-required', 'true');
  const row = el('div', { class: 'pg-field' },
    el('label', { for: id }, el('code', { text: label }),
      hint ? el('span', { class: 'field-meta', text: hint }) : null,
      mark ? el('span', { class: 'field-required', text: t('apiRequired') }) : null),
    input);
  return { row, input };
}

const group = (legend, ...rows) => el('fieldset', { class: 'pg-group' }, el('legend', { text: legend }), ...rows);

function storageKey(config) {
  return `docs-assistant:playground:${location.origin}${config.base}`;
}
function loadSaved(config) {
  try { return JSON.parse(localStorage.getItem(storageKey(config))) ?? {}; } catch { return {}; }
}
function save(config, saved) {
  try { localStorage.setItem(storageKey(config), JSON.stringify(saved)); } catch { /* kept for this page only */ }
}

/**
 * What a signed-in reader's user data gives the playground (apiPlaygroundInputs: header, query, cookie,
 * path and server values by the names of the OpenAPI document); header names match in any case.
 * What the reader typed and kept in this browser wins over it.
 */
function readerInputs() {
  let inputs = {};
  try { inputs = JSON.parse(document.getElementById('api-playground-inputs')?.textContent ?? '{}') ?? {}; } catch { /* none */ }
  return (place, name) => {
    const values = inputs[place];
    if (!values || typeof values !== 'object') return undefined;
    const key = place === 'header' ? Object.keys(values).find((k) => k.toLowerCase() === name.toLowerCase()) : name;
    const value = key === undefined ? undefined : values[key];
    return value == null || typeof value === 'object' ? undefined : String(value);
  };
}

/** A credential's value from the reader's inputs: an API key by its name and place, a token from Authorization. */
function givenCredential(given, c) {
  if (c.kind === 'apiKey') return given(c.in, c.name);
  const authorization = given('header', 'Authorization') ?? '';
  const [scheme, ...rest] = authorization.split(' ');
  if (c.kind === 'basic') {
    if (scheme.toLowerCase() !== 'basic') return undefined;
    try { const [user, ...pass] = atob(rest.join(' ')).split(':'); return { user, pass: pass.join(':') }; } catch { return undefined; }
  }
  return scheme.toLowerCase() === 'bearer' ? rest.join(' ') : undefined;
}

const base64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export function startPlayground(config, data, t) {
  const op = data.operation;
  const head = document.querySelector('.prose .api-head');
  if (!head || !op) return;
  const panelId = 'api-playground';
  const toggle = el('button', { type: 'button', class: 'api-try', 'aria-expanded': 'false', 'aria-controls': panelId, text: t('apiTryIt') });
  head.append(toggle);
  let built = null;
  const panel = el('section', { id: panelId, class: 'api-playground', 'aria-label': t('apiPlayground'), hidden: true });
  head.after(panel);
  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      built ??= build(panel, config, data, t);
      panel.querySelector('input, select, textarea, button')?.focus();
    }
  });
}

function build(panel, config, data, t) {
  const op = data.operation;
  const saved = loadSaved(config);
  saved.credentials ??= {};
  const given = readerInputs();
  const form = el('form', { class: 'pg-form', novalidate: true });
  const read = [];

  // Server and its variables.
  let server = () => '';
  if (op.servers.length) {
    const choice = field(t('apiServer'), { enum: op.servers.map((s) => s.url), required: true, mark: false, value: op.servers[0].url }, t);
    const vars = el('div');
    let inputs = {};
    const showVars = () => {
      const s = op.servers.find((x) => x.url === choice.input.value) ?? op.servers[0];
      vars.replaceChildren();
      inputs = {};
      for (const [name, v] of Object.entries(s.variables)) {
        const f = field(name, { enum: v.enum, required: true, value: given('server', name) ?? v.default }, t);
        inputs[name] = f.input;
        vars.append(f.row);
      }
    };
    choice.input.addEventListener('change', showVars);
    showVars();
    server = () => {
      const s = op.servers.find((x) => x.url === choice.input.value) ?? op.servers[0];
      return s.url.replace(/\{([^}]+)\}/g, (m, name) => inputs[name]?.value ?? m).replace(/\/+$/, '');
    };
    form.append(group(t('apiServers'), choice.row, vars));
  }

  // Credentials: one alternative of the security requirements at a time, remembered in this browser.
  const auth = [];
  if (op.auth.length) {
    const box = el('div');
    const pick = op.auth.length > 1
      ? field(t('apiAuthorization'), { enum: op.auth.map((a) => a.map((c) => c.id).join(' + ')), required: true, mark: false,
        value: op.auth.map((a) => a.map((c) => c.id).join(' + ')).find((k) => k === saved.auth) ?? op.auth[0].map((c) => c.id).join(' + ') }, t)
      : null;
    const show = () => {
      const alternative = pick ? op.auth[pick.input.selectedIndex] : op.auth[0];
      box.replaceChildren();
      auth.length = 0;
      for (const c of alternative) {
        const keep = (key, input) => input.addEventListener('input', () => {
          saved.credentials[key] = input.value;
          save(config, saved);
        });
        const reader = givenCredential(given, c);
        if (c.kind === 'basic') {
          const user = field(`${c.id}: ${t('apiUsername')}`, { value: saved.credentials[c.id + ':user'] ?? reader?.user ?? '' }, t);
          const pass = field(`${c.id}: ${t('apiPassword')}`, { value: saved.credentials[c.id + ':pass'] ?? reader?.pass ?? '' }, t);
          pass.input.type = 'password';
          keep(c.id + ':user', user.input);
          keep(c.id + ':pass', pass.input);
          box.append(user.row, pass.row);
          auth.push({ c, value: () => (user.input.value || pass.input.value ? `${user.input.value}:${pass.input.value}` : '') });
        } else {
          const label = c.kind === 'apiKey' ? `${c.name} (${c.in})` : `${c.id}: ${c.kind === 'oauth2' ? t('apiAccessToken') : t('apiBearerToken')}`;
          const f = field(label, { value: saved.credentials[c.id] ?? reader ?? '', hint: c.scopes ? c.scopes.join(' ') : null }, t);
          f.input.type = 'password';
          keep(c.id, f.input);
          box.append(f.row);
          auth.push({ c, value: () => f.input.value });
        }
      }
    };
    pick?.input.addEventListener('change', () => { saved.auth = pick.input.value; save(config, saved); show(); });
    show();
    const forget = el('button', { type: 'button', class: 'pg-secondary', text: t('apiForget') });
    forget.addEventListener('click', () => {
      saved.credentials = {};
      save(config, saved);
      show();
    });
    form.append(group(t('apiAuthorization'), ...(pick ? [pick.row] : []), box,
      el('p', { class: 'pg-note', text: t('apiCredentialsKept') }), forget));
  }

  // Parameters by place.
  const params = [];
  for (const place of ['path', 'query', 'header', 'cookie']) {
    const here = op.parameters.filter((p) => p.in === place);
    if (!here.length) continue;
    const rows = here.map((p) => {
      const value = given(p.in, p.name) ?? (data.prefill ? (p.example ?? p.default ?? '') : (p.default ?? ''));
      const hint = p.type + (p.format ? `<${p.format}>` : '');
      const f = field(p.name, { ...p, value, placeholder: p.example, hint }, t);
      params.push({ p, input: f.input });
      return f.row;
    });
    const notes = place === 'cookie' && !data.proxy ? [el('p', { class: 'pg-note', text: t('apiCookiesDirect') })] : [];
    form.append(group(t('apiParams.' + place), ...rows, ...notes));
  }

  // The body: an editable example for JSON and text, fields for forms.
  let body = () => null;
  if (op.body?.media.length) {
    const box = el('div');
    const pick = field(t('apiContentType'), { enum: op.body.media.map((m) => m.type), required: true, mark: false, value: op.body.media[0].type }, t);
    const show = () => {
      const media = op.body.media.find((m) => m.type === pick.input.value);
      box.replaceChildren();
      if (media.fields) {
        const inputs = media.fields.map((f) => {
          const value = data.prefill ? (f.example ?? f.default ?? '') : (f.default ?? '');
          const x = field(f.name, { ...f, value, placeholder: f.example, hint: f.type }, t);
          box.append(x.row);
          return { f, input: x.input };
        });
        body = () => ({ type: media.type, fields: inputs });
      } else {
        const id = `pg-${++ids}`;
        const area = el('textarea', { id, rows: '10', spellcheck: 'false', class: 'pg-body' });
        let example = media.example ?? '';
        if (/json/.test(media.type)) { try { example = JSON.stringify(JSON.parse(example), null, 2); } catch { /* as written */ } }
        area.value = example;
        area.rows = Math.min(Math.max(example.split('\n').length + 1, 4), 16);
        box.append(el('label', { for: id, class: 'pg-label', text: media.type }), area);
        body = () => ({ type: media.type, text: area.value });
      }
    };
    pick.input.addEventListener('change', show);
    show();
    form.append(group(t('apiBody'), op.body.media.length > 1 ? pick.row : null, box));
  }

  const send = el('button', { type: 'submit', class: 'pg-send', text: t('apiSend') });
  form.append(el('div', { class: 'pg-actions' }, send));
  const status = el('p', { class: 'pg-status', role: 'status', 'aria-live': 'polite' });
  const result = el('div', { class: 'pg-result' });
  panel.append(form, status, result);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    send.disabled = true;
    status.textContent = t('apiSending');
    result.replaceChildren();
    try {
      const request = assemble(op, server(), params, auth, body());
      showResult(status, result, await (data.proxy ? viaProxy(config, request) : direct(request, data.credentials)), t);
    } catch (err) {
      status.textContent = err.message;
      status.className = 'pg-status pg-error';
    } finally {
      send.disabled = false;
    }
  });
  return form;
}

/** The request the form describes: {method, url, headers, body} with body text, FormData or multipart parts. */
function assemble(op, base, params, auth, body) {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = {};
  const cookies = [];
  for (const { p, input } of params) {
    const value = input.value;
    if (value === '' && p.in !== 'path') continue;
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
    else if (p.in === 'query') {
      for (const v of p.type === 'array' ? value.split(',').map((x) => x.trim()) : [value]) query.append(p.name, v);
    } else if (p.in === 'header') headers[p.name] = value;
    else cookies.push(`${p.name}=${encodeURIComponent(value)}`);
  }
  for (const { c, value } of auth) {
    const v = value();
    if (!v) continue;
    if (c.kind === 'basic') headers.Authorization = `Basic ${base64(v)}`;
    else if (c.kind === 'apiKey' && c.in === 'query') query.append(c.name, v);
    else if (c.kind === 'apiKey' && c.in === 'cookie') cookies.push(`${c.name}=${encodeURIComponent(v)}`);
    else if (c.kind === 'apiKey') headers[c.name] = v;
    else headers.Authorization = `Bearer ${v}`;
  }
  if (cookies.length) headers.Cookie = cookies.join('; ');
  const q = query.toString();
  const request = { method: op.method, url: base + path + (q ? '?' + q : ''), headers, body: null };
  if (body?.text !== undefined) {
    if (body.text.trim()) {
      request.body = body.text;
      headers['Content-Type'] = body.type;
    }
  } else if (body?.fields) {
    if (body.type.startsWith('multipart/')) request.parts = body.fields;
    else {
      const form = new URLSearchParams();
      for (const { f, input } of body.fields) if (input.value !== '') form.append(f.name, input.value);
      request.body = form.toString();
      headers['Content-Type'] = body.type;
    }
  }
  return request;
}

/** The browser calls the API itself: only the headers the API exposes to scripts can be shown. */
async function direct(request, credentials) {
  let body = request.body;
  const headers = { ...request.headers };
  if (request.parts) {
    body = new FormData();
    for (const { f, input } of request.parts) {
      if (input.type === 'file') { if (input.files[0]) body.append(f.name, input.files[0]); } else if (input.value !== '') body.append(f.name, input.value);
    }
  }
  // The browser sets cookies itself; a Cookie header of a script is not sent.
  delete headers.Cookie;
  const started = performance.now();
  let response;
  try {
    response = await fetch(request.url, { method: request.method, headers, body, credentials: credentials ? 'include' : 'omit', redirect: 'follow' });
  } catch {
    throw new Error(`The request to ${request.url} failed before any answer: the API is unreachable from this browser or does not allow calls from this site (CORS).`);
  }
  const text = await response.text();
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: text,
    durationMs: Math.round(performance.now() - started), truncated: false };
}

/** The site's playground proxy sends it: multipart parts travel as {name, value} or {name, filename, contentType, base64}. */
async function viaProxy(config, request) {
  const out = { method: request.method, url: request.url, headers: request.headers };
  if (request.body != null) out.body = request.body;
  if (request.parts) {
    const parts = [];
    for (const { f, input } of request.parts) {
      if (input.type === 'file') {
        const file = input.files[0];
        if (file) parts.push({ name: f.name, filename: file.name, contentType: file.type || 'application/octet-stream', base64: await fileBase64(file) });
      } else if (input.value !== '') parts.push({ name: f.name, value: input.value });
    }
    out.multipart = parts;
  }
  let response;
  try {
    response = await fetch(`${config.base}/_playground/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(out) });
  } catch {
    throw new Error('The playground proxy of this site could not be reached.');
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`The playground's proxy did not deliver this request (${response.status}): ${answer.message ?? response.statusText}`);
  const headers = Array.isArray(answer.headers) ? answer.headers : Object.entries(answer.headers ?? {});
  return { ...answer, headers: headers.flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])) };
}

async function fileBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function showResult(status, result, r, t) {
  const kind = `${String(r.status)[0]}xx`;
  status.className = 'pg-status';
  status.replaceChildren(el('span', { class: `api-status api-status-${kind}`, text: String(r.status) }),
    ` ${r.statusText ?? ''} · ${r.durationMs} ms` + (r.truncated ? ` · ${t('apiTruncated')}` : ''));
  const type = r.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  let text = r.body ?? '';
  let picture = null;
  if (r.bodyEncoding === 'base64') {
    // Bytes: a picture shown as one, anything else counted.
    if (/^image\//.test(type)) picture = el('img', { class: 'pg-picture', src: `data:${type.split(';')[0]};base64,${text}`, alt: t('apiResponseBody') });
    text = `${type || 'binary'}: ${Math.floor(text.length * 3 / 4)} bytes`;
  } else if (/json/.test(type) || /^\s*[[{]/.test(text)) {
    try { text = JSON.stringify(JSON.parse(text), null, 2); } catch { /* shown as it came */ }
  }
  const list = el('dl', { class: 'pg-headers' });
  for (const [k, v] of r.headers) list.append(el('dt', { text: k }), el('dd', { text: v }));
  result.replaceChildren(
    el('details', { class: 'expandable' }, el('summary', { text: `${t('apiResponseHeaders')} (${r.headers.length})` }), list),
    picture ?? el('pre', { class: 'pg-response', tabindex: '0', 'aria-label': t('apiResponseBody') }, el('code', { text })));
}
