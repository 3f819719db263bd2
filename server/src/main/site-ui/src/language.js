/**
 * A language picked in the language menu is remembered, so that the site's root stops routing the
 * reader by their browser's languages (docs.json "languageRouting"): a cookie of this site's host and
 * path, holding the docs.json language code and nothing else. The server reads it on the root only.
 */
export const LANGUAGE_COOKIE = 'docs_language';

export function rememberLanguageChoice(config) {
  if (!config.languageRouting) return;
  document.querySelectorAll('[data-switcher="language"] a[data-language]').forEach((a) => {
    a.addEventListener('click', () => {
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(a.dataset.language)}; Path=${config.base || ''}/; Max-Age=31536000; SameSite=Lax${secure}`;
    });
  });
}
