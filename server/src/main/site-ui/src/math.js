// Math: TeX to MathML with Temml (a chunk loaded only by pages with math); browsers draw MathML
// themselves. An expression Temml cannot read keeps its TeX, marked, with the reason as its title.
import temml from 'temml';

export function renderMath() {
  for (const el of document.querySelectorAll('.prose .math')) {
    const tex = el.textContent;
    try {
      const html = temml.renderToString(tex, { displayMode: el.classList.contains('math-display'), throwOnError: true, trust: false });
      el.innerHTML = html;
      el.classList.add('math-ready');
    } catch (e) {
      el.classList.add('math-error');
      el.title = String(e?.message ?? e);
    }
  }
}
