// Syntax highlighting with highlight.js, bundled at build time (a chunk loaded only by pages with
// code): the languages docs sites use, registered under their usual names and aliases.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import graphql from 'highlight.js/lib/languages/graphql';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = { bash, c, cpp, csharp, css, diff, dockerfile, go, graphql, ini, java, javascript, json, kotlin,
  markdown, php, python, ruby, rust, shell, sql, swift, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'zsh', 'terminal', 'console'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx', 'mjs', 'cjs'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['toml', 'env'], { languageName: 'ini' });
hljs.registerAliases(['mdx'], { languageName: 'markdown' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['jsonc', 'json5'], { languageName: 'json' });
hljs.configure({ ignoreUnescapedHTML: true, throwUnescapedHTML: false });

export function highlightAll() {
  document.querySelectorAll('.prose pre code[class*="language-"]').forEach((code) => {
    const language = code.className.match(/language-([\w+#-]+)/)?.[1]?.toLowerCase();
    if (!language || !hljs.getLanguage(language)) return;
    // Blocks whose lines carry classes (numbers, highlight, focus, diff) keep them: each line is highlighted in place.
    const lines = code.querySelectorAll(':scope > .line');
    if (lines.length === 0) {
      hljs.highlightElement(code);
      return;
    }
    lines.forEach((line) => { line.innerHTML = hljs.highlight(line.textContent, { language, ignoreIllegals: true }).value; });
    code.classList.add('hljs');
  });
}
