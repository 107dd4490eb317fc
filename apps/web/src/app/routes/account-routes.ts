import type { PageDefinition } from './page-route';
import { pagesIn } from './page-table';

/**
 * Pages of the desktop personal shell (spec section 2, "Desktop personal shell"), rendered with
 * its side menu: the `personal` entries of the contract's page table, where a page is added. It
 * appears in the menu where `personal-menu.ts` places it.
 */
export const accountPages: PageDefinition[] = pagesIn('personal');
