import type { PageDefinition } from './page-route';
import { pagesIn } from './page-table';

/**
 * Pages of the admin console (spec section 2, "Admin shell"): the `admin` entries of the
 * contract's page table, where a page is added with its permission code. Each page is its own
 * lazy chunk; the server's permission list decides who may open it. It appears in the side menu
 * where `admin-menu.ts` places it.
 */
export const adminPages: PageDefinition[] = pagesIn('admin');
