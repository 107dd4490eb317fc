import { z } from 'zod';

/**
 * Search ad copy (spec section 3, "Ad preview": displayUrl, two paths, three headlines, two
 * descriptions) with Google Ads' limits: a headline 30 characters, a description 90, a path 15,
 * where a full-width character (Chinese, Japanese, Korean, full-width forms) counts as two, as
 * Google Ads counts them. The preview block shows and enforces them; AI-table ad-copy cells are
 * checked against the same rule.
 */

export const AD_LIMITS = { headline: 30, description: 90, path: 15 } as const;
export const AD_HEADLINES = 3;
export const AD_DESCRIPTIONS = 2;
export const AD_PATHS = 2;

/** Full-width: East Asian wide and full-width code points (Unicode EAW W and F). */
function isFullWidth(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0x303e) ||
    (codePoint >= 0x3041 && codePoint <= 0x33ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xa000 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

/** The length Google Ads counts: each full-width character counts two. */
export function adTextLength(text: string): number {
  let length = 0;
  for (const char of text) length += isFullWidth(char.codePointAt(0) ?? 0) ? 2 : 1;
  return length;
}

export const zAdPreview = z.object({
  displayUrl: z.string().max(2048),
  paths: z.array(z.string()).max(AD_PATHS),
  headlines: z.array(z.string()).max(AD_HEADLINES),
  descriptions: z.array(z.string()).max(AD_DESCRIPTIONS),
});
export type AdPreview = z.infer<typeof zAdPreview>;

export type AdField = 'headline' | 'description' | 'path';

export interface AdProblem {
  field: AdField;
  index: number;
  length: number;
  limit: number;
}

/** Every piece of the ad longer than Google Ads allows. */
export function adProblems(ad: AdPreview): AdProblem[] {
  const problems: AdProblem[] = [];
  const check = (field: AdField, texts: string[]) =>
    texts.forEach((text, index) => {
      const length = adTextLength(text);
      if (length > AD_LIMITS[field]) problems.push({ field, index, length, limit: AD_LIMITS[field] });
    });
  check('headline', ad.headlines);
  check('description', ad.descriptions);
  check('path', ad.paths);
  return problems;
}
