// Light and dark: the inline boot script in <head> set data-theme before the first paint (from the
// reader's saved choice, else the site's default, else the system's); the toggle flips and saves it.
const KEY = 'docs-assistant:theme';

export function startTheme(t) {
  const root = document.documentElement;
  const button = document.querySelector('[data-theme-toggle]');
  if (!button) return;
  const label = () => {
    const dark = root.dataset.theme === 'dark';
    button.setAttribute('aria-pressed', String(dark));
    button.setAttribute('aria-label', t(dark ? 'themeLight' : 'themeDark'));
    button.title = button.getAttribute('aria-label');
  };
  button.hidden = false;
  label();
  button.addEventListener('click', () => {
    root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
    try { localStorage.setItem(KEY, root.dataset.theme); } catch { /* private mode: this page only */ }
    label();
  });
}
