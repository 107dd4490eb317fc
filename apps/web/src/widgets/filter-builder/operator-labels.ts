import type { FilterOperator } from '@app/contract/list';
import { useTranslation } from 'react-i18next';

/** What each operator reads as in the builder: words a reader knows, not the API's codes. */
export function useOperatorLabels(): Record<FilterOperator, string> {
  const { t } = useTranslation();
  return {
    eq: t('equals'),
    ne: t('does not equal'),
    in: t('is one of'),
    not_in: t('is not one of'),
    contains: t('contains'),
    not_contains: t('does not contain'),
    gt: t('greater than'),
    gte: t('at least'),
    lt: t('less than'),
    lte: t('at most'),
    between: t('between'),
  };
}
