import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { deleteCookie } from './src/lib/cookies';

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
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom logs "not
// implemented" for pseudo-elements. The element's own style is what it falls back to anyway.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

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
