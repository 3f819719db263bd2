// Components that need a script: Tabs and CodeGroup become tab bars (without JavaScript their
// panels are shown one after another), code and prompts get copy buttons.

function tabBar(container, panels, titleOf, onSelect) {
  const bar = document.createElement('div');
  bar.className = 'tab-bar';
  bar.setAttribute('role', 'tablist');
  const buttons = panels.map((panel, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'tab');
    button.textContent = titleOf(panel, i);
    button.addEventListener('click', () => select(i));
    button.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const next = (i + step + panels.length) % panels.length;
      select(next);
      buttons[next].focus();
    });
    bar.appendChild(button);
    return button;
  });
  const select = (n) => {
    panels.forEach((p, i) => {
      p.hidden = i !== n;
      buttons[i].setAttribute('aria-selected', String(i === n));
      buttons[i].tabIndex = i === n ? 0 : -1;
    });
    onSelect?.(n);
  };
  container.prepend(bar);
  select(0);
  return bar;
}

export function startTabs() {
  document.querySelectorAll('.prose .tabs').forEach((tabs) => {
    const panels = [...tabs.children].filter((c) => c.classList.contains('tab'));
    if (panels.length < 2) return;
    tabBar(tabs, panels, (panel, i) => {
      const title = panel.querySelector(':scope > .tab-title');
      if (title) title.hidden = true;
      return title ? title.textContent : `Tab ${i + 1}`;
    });
    tabs.classList.add('tabs-ready');
  });
}

export function startCodeGroups() {
  document.querySelectorAll('.prose .code-group').forEach((group) => {
    const blocks = [...group.children].filter((c) => c.classList.contains('code-block'));
    if (blocks.length < 2) return;
    const bar = tabBar(group, blocks, (block, i) => {
      const title = block.querySelector(':scope > .code-title');
      const lang = block.querySelector('code')?.className.match(/language-(\S+)/)?.[1];
      if (title) title.hidden = true;
      return title?.textContent || lang || `${i + 1}`;
    });
    bar.classList.add('code-tab-bar');
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
