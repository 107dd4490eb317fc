/**
 * Query keys of the AI tables (issue 25). They live in lib, not in the feature, because the
 * `user_basic` stream (lib/realtime) writes a run's progress into the cached table.
 */
export const aiTablesKey = ['ai-tables'] as const;

/** The cached `getAiTable` answer of one table. */
export const aiTableKey = (id: string) => [...aiTablesKey, 'table', id] as const;
