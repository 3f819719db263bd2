// Mermaid diagrams (a chunk loaded only by pages with a diagram), drawn in the page's theme with
// Mermaid's strict security level. A diagram Mermaid cannot read keeps its source, with the error.
import mermaid from 'mermaid';

function dark() {
  const theme = document.documentElement.dataset.theme;
  return theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export async function renderDiagrams() {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark() ? 'dark' : 'default' });
  let n = 0;
  for (const box of document.querySelectorAll('.prose .mermaid-diagram')) {
    const source = box.querySelector('code')?.textContent ?? '';
    const id = `mermaid-diagram-${n++}`;
    try {
      const { svg } = await mermaid.render(id, source);
      const figure = document.createElement('div');
      figure.className = 'mermaid-svg';
      figure.innerHTML = svg;
      figure.querySelector('svg')?.setAttribute('role', 'img');
      figure.querySelector('svg')?.setAttribute('aria-label', source.split('\n')[0].trim() + ' diagram');
      box.querySelector('pre').hidden = true;
      box.prepend(figure);
      box.classList.add('mermaid-ready');
    } catch (e) {
      document.getElementById(id)?.remove();
      document.getElementById(`d${id}`)?.remove();
      const error = document.createElement('p');
      error.className = 'mermaid-error';
      error.textContent = `Diagram error: ${String(e?.message ?? e).split('\n')[0]}`;
      box.append(error);
    }
  }
}
