// Look-ups of the layout's own elements. Page content sits inside `.prose`, so an element there
// (a heading, raw HTML) can never stand in for one of them, whatever its id or class.
export const layoutElements = (selector) => [...document.querySelectorAll(selector)].filter((el) => !el.closest('.prose'));
export const layoutElement = (selector) => layoutElements(selector)[0] ?? null;
