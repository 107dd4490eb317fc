import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { deleteCookie } from './src/lib/cookies';
import { hidingRules } from './src/lib/testing/hiding-rules';
import { fixedMediaQueryList } from './src/lib/testing/media-query-list';

/**
 * Every page test sees AG Grid's lazy chunk as the stand-in (lib/testing/grid-stand-in): the real
 * grid does not lay out in jsdom (zero widths, rows drawn late) and measuring itself there was a
 * fifth of a list page's test time. The stand-in renders the page's own column definitions, so a
 * page test still checks what the page shows; the real grid is checked in Chromium (e2e/). The
 * grid widget's own test replaces the chunk with its own view.
 */
vi.mock('./src/widgets/data-grid/ag-grid-view', () => import('./src/lib/testing/grid-stand-in'));

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
});

// antd's responsive helpers (Grid, Modal width breakpoints) call matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => fixedMediaQueryList(query, false),
  });
}

/**
 * jsdom computes a style by matching every rule of every style sheet against the element and each
 * of its ancestors, and antd's CSS-in-JS puts thousands of rules in the page: Testing Library's
 * role queries ask for the style of every candidate and its ancestors (is it hidden?) on every
 * retry, and that was about half of the web tests' time. A style is kept until the document
 * changes (any element, attribute, text or style sheet, read synchronously from a mutation
 * observer's queue), so a query sees exactly what it saw before, only sooner.
 *
 * antd also measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'), for which jsdom
 * logs "not implemented"; the element's own style is what it falls back to anyway.
 */
/**
 * Style sheets written into a `<style>` element's innerHTML (antd's CSS-in-JS and its icons, the
 * only writers in a test: Vite gives tests no CSS files) keep only their hiding rules
 * (lib/testing/hiding-rules): Testing Library still finds hidden what antd hides by class, and
 * each computed style costs a dozen rules instead of a thousand. No web test reads any other style
 * from a sheet (their style checks read inline styles).
 */
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
if (innerHtml?.set && innerHtml.get) {
  const { get, set } = innerHtml;
  // What was written reads back as written: antd rewrites a sheet only when its text changed.
  const written = new WeakMap<HTMLStyleElement, string>();
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return written.get(this) ?? get.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, String(css));
      set.call(this, hidingRules(String(css)));
    },
  });
}

const computedStyle = window.getComputedStyle.bind(window);
let knownStyles = new WeakMap<Element, CSSStyleDeclaration>();
const changes = new MutationObserver(() => {
  knownStyles = new WeakMap();
});
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) knownStyles = new WeakMap();
  let style = knownStyles.get(element);
  if (!style) {
    style = computedStyle(element);
    knownStyles.set(element, style);
  }
  return style;
};

/**
 * jsdom lacks ResizeObserver, which antd's auto-sizing text area and ellipsis measure with.
 * Nothing is measured in jsdom anyway, so an observer that never fires is faithful enough.
 */
if (!('ResizeObserver' in globalThis)) {
  class NoopResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}

// jsdom logs "Not implemented" for scrolling, which the router's scroll restoration does.
window.scrollTo = () => {};
