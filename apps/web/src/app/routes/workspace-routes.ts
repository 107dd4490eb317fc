import type { PageDefinition } from './page-route';
import { pagesIn } from './page-table';

/**
 * Pages inside the signed-in workspace shell (top bar with messages, language and user menu): the
 * `workspace` entries of the contract's page table.
 */
export const workspacePages: PageDefinition[] = pagesIn('workspace');
