// An extractive answer: the sentences of the best sections that share the most words with the question.

const WORD = /[\p{L}\p{N}_]{3,}/gu;

function words(text) {
  return new Set((text.toLowerCase().match(WORD) ?? []));
}

/** Up to {@code count} sentences of {@code content} with the most question words, in their original order. */
function bestSentences(content, question, count) {
  const prose = content
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^#{1,6}\s.*$/gm, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ');
  const sentences = prose.split(/(?<=[.!?])\s+/).filter((s) => s.length > 20 && s.length < 400);
  return sentences
    .map((text, position) => ({ text, position, shared: [...words(text)].filter((w) => question.has(w)).length }))
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.position - b.position)
    .slice(0, count)
    .sort((a, b) => a.position - b.position)
    .map((s) => s.text.trim());
}

/** The answer's Markdown paragraphs: quotes from the top three results, then links to the others. */
export function answerParagraphs(question, results) {
  if (results.length === 0) {
    return ["I couldn't find anything about that in this documentation."];
  }
  const asked = words(question);
  const paragraphs = [];
  const others = [];
  for (const [i, result] of results.entries()) {
    const label = result.metadata.section ? `${result.metadata.title} › ${result.metadata.section}` : result.metadata.title;
    const quotes = i < 3 ? bestSentences(result.content, asked, 2) : [];
    if (quotes.length > 0) {
      paragraphs.push(`From [${label}](${result.path}):\n\n${quotes.map((q) => `> ${q}`).join('\n>\n')}\n\n`);
    } else {
      others.push(`- [${label}](${result.path})`);
    }
  }
  if (others.length > 0) paragraphs.push(`See also:\n${others.join('\n')}\n`);
  return paragraphs;
}
