// A MiniSearch index over a site's sections, searched the way MiniSearch's docs suggest.
import MiniSearch from 'minisearch';

const STOP_WORDS = new Set(('a an and are as at be but by can do does for from how i if in into is it its '
  + 'my of on or so than that the their then there these they this to was what when where which who why '
  + 'will with you your').split(' '));

export function indexSite({ sections, defaults }) {
  const index = new MiniSearch({
    fields: ['title', 'section', 'content'],
    storeFields: ['version', 'language'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP_WORDS.has(t) ? null : t;
    },
    searchOptions: { boost: { title: 2, section: 1.5 }, prefix: true, fuzzy: 0.2 },
  });
  index.addAll(sections);
  return { sections, defaults, index };
}

/**
 * The best {@code pageSize} pages for {@code query}, each as its best section:
 * [{content, path, metadata: {title, section, score}}], scores relative to the best (0–1). Only pages
 * of the filter's version and language, or the site's defaults, and pages that have none.
 */
export function search(site, query, pageSize, filter) {
  const version = filter?.version ?? site.defaults.version;
  const language = filter?.language ?? site.defaults.language;
  const hits = site.index.search(query, {
    filter: (hit) => (hit.version === null || hit.version === version) && (hit.language === null || hit.language === language),
  });
  const seen = new Set();
  const results = [];
  const best = hits.length > 0 ? hits[0].score : 1;
  for (const hit of hits) {
    const section = site.sections[hit.id];
    if (seen.has(section.page)) continue;
    seen.add(section.page);
    results.push({
      content: section.content,
      path: section.path,
      metadata: { title: section.title, section: section.section, score: Math.round((hit.score / best) * 1000) / 1000 },
    });
    if (results.length === pageSize) break;
  }
  return results;
}
