import type { Page } from '@playwright/test';

/**
 * One piece of a table a person cannot read whole: a header or cell whose text is cut, a date
 * wrapped onto two lines, a cell under a pinned column, a table running off the screen.
 * `tooltip` is where to point to read it whole (a cell cut on purpose must have one).
 */
export interface Cut {
  what: string;
  column: string;
  text: string;
  /** A CSS selector of the cut cell, when a tooltip could show its whole text. */
  hover?: string;
}

/**
 * Measures every table on the page (AG Grid and antd) and the side menus: text cut by an ellipsis
 * or its box (`scrollWidth > clientWidth`), a date (`YYYY-MM-DD HH:mm:ss` and its shorter forms)
 * over more than one line, a cell of the scrolling part partly under a pinned column while that
 * part does not scroll sideways, and a table or header running past the right edge of the window
 * with nothing to scroll it into view. Table cells that are cut come back with `hover`: the walk
 * points at them and expects a tooltip (AG Grid's or antd's) with the whole text.
 */
export async function cutCells(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const cuts: Cut[] = [];
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const overflows = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    const visible = (element: Element) =>
      element instanceof HTMLElement &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 0;
    /**
     * Text its box cuts: the box clips (overflow not visible), holds text, and that text is wider
     * than the box. Controls (a switch's track, a number input's arrows) clip by design.
     */
    const clipsText = (element: Element) =>
      element instanceof HTMLElement &&
      overflows(element) &&
      getComputedStyle(element).overflowX !== 'visible' &&
      clean(element.textContent) !== '' &&
      !element.closest('input, textarea, .ant-switch, .ant-input-number, .ant-select, .ant-picker');
    /** The first element of `cell` (itself included) whose text is cut and has no title to read it by. */
    const cutIn = (cell: Element) =>
      [cell, ...cell.querySelectorAll('*')].find((element) => clipsText(element) && !titled(element));
    /** A title on the element, around it, or on the one inside it that holds its whole text. */
    const titled = (element: Element) =>
      element.closest('[title]') !== null ||
      [...element.querySelectorAll('[title]')].some((inner) =>
        clean(element.textContent).startsWith(clean(inner.getAttribute('title')) || '\u0000'),
      );
    const DATE = /^\d{4}-\d{2}(-\d{2}( \d{2}(:\d{2}(:\d{2})?)?)?)?$/;
    /** The number of lines a date's text takes (a wrapped date gives two boxes or a taller one). */
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return tops.size;
    };
    /** Whether some box between `element` and the page can scroll it sideways into view. */
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth + 1)
          return true;
      }
      return document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
    };
    const right = document.documentElement.clientWidth;
    let marked = 0;
    for (const old of document.querySelectorAll('[data-cut]')) old.removeAttribute('data-cut');
    const datesOn = (cell: Element, column: string) => {
      for (const node of cell.querySelectorAll('*')) {
        if (node.children.length > 0 || !DATE.test(clean(node.textContent))) continue;
        if (lines(node) > 1) cuts.push({ what: 'date wrapped', column, text: clean(node.textContent) });
      }
      if (cell.children.length === 0 && DATE.test(clean(cell.textContent)) && lines(cell) > 1)
        cuts.push({ what: 'date wrapped', column, text: clean(cell.textContent) });
    };

    document.querySelectorAll('.ag-root-wrapper').forEach((grid, gridIndex) => {
      if (!visible(grid)) return;
      grid.setAttribute('data-cut-grid', String(gridIndex));
      const names = new Map<string, string>();
      for (const header of grid.querySelectorAll('.ag-header-cell[col-id]')) {
        const colId = header.getAttribute('col-id') ?? '';
        const label = header.querySelector('.ag-header-cell-text');
        const text = clean(label?.textContent);
        names.set(colId, text || colId);
        if (!visible(header)) continue;
        // The label (text and icons): the header cell itself also holds the resize handle.
        if (cutIn(header.querySelector('.ag-header-cell-label') ?? header))
          cuts.push({ what: 'header cut', column: text, text });
      }
      const center = grid.querySelector('.ag-center-cols-viewport');
      const centerScrolls = center ? overflows(center) : false;
      const pinned = grid.querySelector('.ag-pinned-right-cols-container');
      const pinnedLeft = pinned && visible(pinned) ? pinned.getBoundingClientRect().left : null;
      const gridRect = grid.getBoundingClientRect();
      if (gridRect.right > right + 1 && !scrollsSideways(grid)) {
        cuts.push({
          what: 'runs off the right edge',
          column: '(the grid)',
          text: `${Math.round(gridRect.right)} px`,
        });
      }
      for (const cell of grid.querySelectorAll('.ag-row .ag-cell[col-id]')) {
        if (!visible(cell)) continue;
        const colId = cell.getAttribute('col-id') ?? '';
        const column = names.get(colId) ?? colId;
        const text = clean(cell.textContent);
        const rowIndex = cell.closest('.ag-row')?.getAttribute('row-index') ?? '';
        datesOn(cell, column);
        if (cutIn(cell)) {
          cuts.push({
            what: 'cell cut',
            column,
            text,
            hover: `[data-cut-grid="${gridIndex}"] .ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${colId}"]`,
          });
        }
        const rect = cell.getBoundingClientRect();
        const isCenter = cell.closest('.ag-center-cols-viewport') !== null;
        if (isCenter && pinnedLeft !== null && !centerScrolls && rect.right > pinnedLeft + 1) {
          cuts.push({ what: 'cell under the pinned column', column, text });
        }
        if (isCenter && !centerScrolls && rect.right > right + 1 && !scrollsSideways(grid)) {
          cuts.push({ what: 'cell beyond the right edge', column, text });
        }
      }
    });

    for (const table of document.querySelectorAll('.ant-table')) {
      if (!visible(table)) continue;
      const names: string[] = [];
      for (const header of table.querySelectorAll('.ant-table-thead th')) {
        const text = clean(header.textContent);
        names.push(text);
        if (!visible(header)) continue;
        if (cutIn(header)) cuts.push({ what: 'header cut', column: text, text });
        if (header.getBoundingClientRect().right > right + 1 && !scrollsSideways(header))
          cuts.push({ what: 'header beyond the right edge', column: text, text });
      }
      for (const row of table.querySelectorAll('.ant-table-tbody tr.ant-table-row')) {
        [...row.children].forEach((cell, index) => {
          if (!visible(cell)) return;
          const column = names[index] ?? String(index);
          const text = clean(cell.textContent);
          datesOn(cell, column);
          const cut = cutIn(cell);
          if (cut) {
            // antd's own tooltip (Typography's ellipsis) shows on the text it cuts.
            marked += 1;
            cut.setAttribute('data-cut', String(marked));
            cuts.push({ what: 'cell cut', column, text, hover: `[data-cut="${marked}"]` });
          }
          // A cell that does not clip: its text must stay inside it, not run over the next one.
          const cellRight = cell.getBoundingClientRect().right;
          const spills = [...cell.querySelectorAll('*')].some(
            (element) =>
              element.children.length === 0 &&
              clean(element.textContent) !== '' &&
              element.getBoundingClientRect().right > cellRight + 1,
          );
          if (spills) cuts.push({ what: 'cell runs over the next one', column, text });
          if (cell.getBoundingClientRect().right > right + 1 && !scrollsSideways(cell))
            cuts.push({ what: 'cell beyond the right edge', column, text });
        });
      }
    }

    for (const label of document.querySelectorAll('.ant-menu-title-content')) {
      if (visible(label) && cutIn(label))
        cuts.push({ what: 'menu item cut', column: '', text: clean(label.textContent) });
    }
    return cuts;
  });
}
