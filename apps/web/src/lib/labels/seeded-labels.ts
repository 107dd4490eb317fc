import { SEEDED_TEXTS, seededText } from '@app/contract/i18n/seeded-texts';

/** The rule lives in the contract: the server's own pages read seeded plan names alike. */
export { SEEDED_TEXTS, seededText };

/** A plan's name (an order keeps the name it was bought under: the same rule applies). */
export const planNameLabel = seededText;

/** A role's name: a seeded role in the reader's language, a role an admin named as named. */
export const roleNameLabel = seededText;
