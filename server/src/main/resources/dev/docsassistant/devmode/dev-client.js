// docs-assistant dev: reloads the tab when a saved file was applied, and shows broken files over the
// page (the server keeps serving the last good version meanwhile). Loaded only by `dev`.
(() => {
  const ID = 'docs-assistant-dev-overlay';

  function hide() {
    document.getElementById(ID)?.remove();
  }

  function show(problems) {
    hide();
    const box = document.createElement('div');
    box.id = ID;
    box.setAttribute('role', 'alert');
    Object.assign(box.style, {
      position: 'fixed', inset: '0', zIndex: '2147483647', overflow: 'auto', padding: '32px',
      background: 'rgba(20, 20, 24, 0.96)', color: '#f3f3f3', font: '14px/1.5 ui-monospace, Menlo, monospace',
    });
    // Warnings (broken links) came with a change that was applied; errors kept theirs from being applied.
    const applied = problems.every((p) => p.severity === 'warning');
    const title = document.createElement('div');
    title.textContent = applied
      ? (problems.length === 1 ? 'A broken link' : problems.length + ' broken links')
      : (problems.length === 1 ? 'A saved file is broken' : problems.length + ' problems in saved files');
    Object.assign(title.style, { fontSize: '18px', color: applied ? '#ffc266' : '#ff8080', marginBottom: '4px' });
    const note = document.createElement('div');
    note.textContent = applied
      ? 'Your change is served. Fix the link and save: this page reloads by itself.'
      : 'The last good version is served. Fix the file and save: this page reloads by itself.';
    Object.assign(note.style, { color: '#bbb', marginBottom: '20px' });
    box.append(title, note);
    for (const p of problems) {
      const item = document.createElement('div');
      item.className = 'docs-assistant-dev-problem';
      item.style.marginBottom = '14px';
      const where = document.createElement('div');
      where.textContent = p.line ? `${p.file}:${p.line}:${p.column}` : p.file + (p.location ? ' ' + p.location : '');
      where.style.color = '#8cc8ff';
      const what = document.createElement('div');
      what.textContent = p.message;
      what.style.whiteSpace = 'pre-wrap';
      item.append(where, what);
      box.append(item);
    }
    const close = document.createElement('button');
    close.textContent = 'Dismiss';
    close.addEventListener('click', hide);
    box.append(close);
    document.body.append(box);
  }

  const events = new EventSource('/_dev/events');
  // Says the tab follows the server (tests wait for it before saving a file).
  events.addEventListener('open', () => { document.documentElement.dataset.docsAssistantDev = 'connected'; });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('problems', (e) => {
    const problems = JSON.parse(e.data);
    if (problems.length) show(problems); else hide();
  });
})();
