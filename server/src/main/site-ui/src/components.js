// Components that need a script: Tabs and CodeGroup become tab bars (without JavaScript their
// panels are shown one after another) that switch together where titles match, code and prompts
// get copy buttons.

function tabBar(container, panels, titleOf, onSelect, first = 0) {
  const bar = document.createElement('div');
  bar.className = 'tab-bar';
  bar.setAttribute('role', 'tablist');
  const titles = [];
  const buttons = panels.map((panel, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'tab');
    titles.push(titleOf(panel, i, button));
    button.append(titles[i]);
    button.addEventListener('click', () => select(i, true));
    button.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const next = (i + step + panels.length) % panels.length;
      select(next, true);
      buttons[next].focus();
    });
    bar.appendChild(button);
    return button;
  });
  const select = (n, byReader = false) => {
    panels.forEach((p, i) => {
      p.hidden = i !== n;
      buttons[i].setAttribute('aria-selected', String(i === n));
      buttons[i].tabIndex = i === n ? 0 : -1;
    });
    onSelect?.(n, byReader);
  };
  container.prepend(bar);
  select(Math.min(first, panels.length - 1));
  return { bar, titles, select };
}

// Tab groups and code groups whose titles match stay in step on the page (Tabs sync={false} opts out).
const synced = [];
function syncFrom(source, title) {
  for (const group of synced) {
    const n = group.titles.indexOf(title);
    if (group !== source && n >= 0) group.select(n);
  }
}
function syncable(group) {
  synced.push(group);
  return group;
}

export function startTabs() {
  document.querySelectorAll('.prose .tabs').forEach((tabs) => {
    const panels = [...tabs.children].filter((c) => c.classList.contains('tab'));
    if (panels.length < 2) return;
    const first = Number(tabs.className.match(/\btabs-default-(\d+)/)?.[1] ?? 0);
    const independent = tabs.classList.contains('tabs-independent');
    let group = null;
    group = tabBar(tabs, panels, (panel, i, button) => {
      const title = panel.querySelector(':scope > .tab-title');
      if (title) {
        title.hidden = true;
        const icon = title.querySelector('.icon');
        if (icon) button.append(icon.cloneNode(true), ' ');
      }
      return title ? title.textContent.trim() : `Tab ${i + 1}`;
    }, (n, byReader) => { if (byReader && !independent) syncFrom(group, group.titles[n]); }, first);
    if (!independent) syncable(group);
    tabs.classList.add('tabs-ready');
  });
  // A link to a tab's id opens that tab.
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target?.classList.contains('tab') && target.hidden) {
    const tabs = target.parentElement;
    const panels = [...tabs.children].filter((c) => c.classList.contains('tab'));
    tabs.querySelectorAll(':scope > .tab-bar [role="tab"]')[panels.indexOf(target)]?.click();
    target.scrollIntoView();
  }
}

export function startCodeGroups() {
  document.querySelectorAll('.prose .code-group').forEach((group) => {
    const blocks = [...group.children].filter((c) => c.classList.contains('code-block'));
    if (blocks.length < 2) return;
    let tabs = null;
    tabs = tabBar(group, blocks, (block, i) => {
      const title = block.querySelector(':scope > .code-title');
      const lang = block.querySelector('code')?.className.match(/language-(\S+)/)?.[1];
      if (title) title.hidden = true;
      return title?.textContent.trim() || lang || `${i + 1}`;
    }, (n, byReader) => { if (byReader) syncFrom(tabs, tabs.titles[n]); });
    syncable(tabs);
    tabs.bar.classList.add('code-tab-bar');
    group.classList.add('code-group-ready');
  });
}

function copyButton(target, text, t) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = t('copy');
  button.addEventListener('click', async () => {
    await navigator.clipboard?.writeText(text());
    button.textContent = t('copied');
    setTimeout(() => { button.textContent = t('copy'); }, 1500);
  });
  target.appendChild(button);
}

export function startCopyButtons(t) {
  document.querySelectorAll('.prose .code-block:not(.nocopy)').forEach((block) => copyButton(block, () => block.querySelector('code').textContent, t));
  document.querySelectorAll('.prose .prompt').forEach((prompt) => copyButton(prompt.querySelector('.prompt-head'),
    () => prompt.querySelector('.prompt-body').innerText.trim(), t));
}

/** Views: one switcher for the page (a view per title); without script each view is a disclosure, the first open. */
export function startViews() {
  const views = [...document.querySelectorAll('.prose details.view')];
  if (views.length < 2) return;
  const titleOf = (v) => v.querySelector(':scope > summary')?.textContent.trim() ?? '';
  const titles = [...new Set(views.map(titleOf))];
  const first = views[0];
  const holder = document.createElement('div');
  holder.className = 'view-switcher';
  first.before(holder);
  const panels = titles.map((t) => ({ title: t }));
  tabBar(holder, panels, (p) => p.title, (n) => {
    views.forEach((v) => {
      const shown = titleOf(v) === titles[n];
      v.open = shown;
      v.hidden = !shown;
    });
  });
  first.closest('.prose')?.classList.add('views-ready');
}

/** Changelog tags: a filter above the first update; an update shows when it has every selected tag; ?tags= keeps the choice. */
export function startUpdateFilter(t) {
  const updates = [...document.querySelectorAll('.prose .update')];
  const tagsOf = (u) => [...u.querySelectorAll('.update-tag')].map((t) => t.textContent.trim());
  const all = [...new Set(updates.flatMap(tagsOf))];
  if (!all.length) return;
  const fromUrl = (new URL(location.href).searchParams.get('tags') ?? '').split(',').map((t) => t.trim()).filter((t) => all.includes(t));
  const selected = new Set(fromUrl);
  const bar = document.createElement('div');
  bar.className = 'update-filter';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', t('filterTags'));
  const apply = () => {
    updates.forEach((u) => {
      const tags = tagsOf(u);
      u.hidden = selected.size > 0 && ![...selected].every((t) => tags.includes(t));
    });
    const url = new URL(location.href);
    if (selected.size) url.searchParams.set('tags', [...selected].join(','));
    else url.searchParams.delete('tags');
    history.replaceState(history.state, '', url);
  };
  for (const tag of all) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = tag;
    button.setAttribute('aria-pressed', String(selected.has(tag)));
    button.addEventListener('click', () => {
      if (selected.has(tag)) selected.delete(tag); else selected.add(tag);
      button.setAttribute('aria-pressed', String(selected.has(tag)));
      apply();
    });
    bar.appendChild(button);
  }
  updates[0].before(bar);
  if (selected.size) apply();
}
