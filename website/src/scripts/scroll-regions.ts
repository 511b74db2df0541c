/// <reference lib="dom" />
/**
 * Tables and code blocks wider than the page scroll inside themselves (styles/site.css); one that does
 * is made focusable, so it can be scrolled from the keyboard too (WCAG 2.1.1), and loses that when it fits.
 */
const regions = () => document.querySelectorAll<HTMLElement>('main pre, main table');

function mark() {
  for (const el of regions()) {
    const scrolls = el.scrollWidth > el.clientWidth + 1;
    if (scrolls && !el.hasAttribute('tabindex')) {
      el.tabIndex = 0;
      el.dataset.scrollRegion = '';
    } else if (!scrolls && 'scrollRegion' in el.dataset) {
      el.removeAttribute('tabindex');
      delete el.dataset.scrollRegion;
    }
  }
}

mark();
// Details opened, answers written, the window resized: what scrolls changes.
new ResizeObserver(() => mark()).observe(document.documentElement);
document.addEventListener('toggle', () => mark(), true);
new MutationObserver(() => requestAnimationFrame(mark)).observe(document.querySelector('main') ?? document.body, {
  childList: true,
  subtree: true,
  characterData: true,
});
