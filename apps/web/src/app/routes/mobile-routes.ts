import type { PageDefinition } from './page-route';
import { pagesIn } from './page-table';

/**
 * Pages of the mobile shell (spec section 2, "Mobile shell"), rendered above the bottom menu with
 * its chat and personal-center tabs: the `mobile` entries of the contract's page table.
 */
export const mobilePages: PageDefinition[] = pagesIn('mobile');
