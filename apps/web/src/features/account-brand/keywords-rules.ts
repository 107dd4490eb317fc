import { BRAND_LIMITS } from '@app/contract/account/brand/brand';
import type { FormRule } from 'antd';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The contract's keyword limits, checked before sending so the user sees them as they type. */
export function keywordsRules(t: Translate): FormRule[] {
  return [
    {
      validator: async (_rule, value: string[] | undefined) => {
        const keywords = value ?? [];
        if (keywords.length > BRAND_LIMITS.keywords) {
          throw new Error(
            t('At most {{count}} keywords', {
              count: BRAND_LIMITS.keywords,
              defaultValue_one: 'At most {{count}} keyword',
            }),
          );
        }
        const tooLong = keywords.find((keyword) => keyword.trim().length > BRAND_LIMITS.keyword);
        if (tooLong !== undefined) {
          throw new Error(
            t('"{{keyword}}" is longer than {{count}} characters', {
              keyword: tooLong,
              count: BRAND_LIMITS.keyword,
              defaultValue_one: '"{{keyword}}" is longer than {{count}} character',
            }),
          );
        }
      },
    },
  ];
}
