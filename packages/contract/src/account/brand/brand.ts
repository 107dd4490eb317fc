import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

const tags = ['account: brand'];

export const BRAND_LIMITS = {
  brand_name: 100,
  website: 300,
  description: 2000,
  tone_of_voice: 500,
  keyword: 50,
  keywords: 30,
  competitor: 100,
  competitors: 20,
  /** Bytes. */
  logo: 2 * 1024 * 1024,
} as const;

/** The multipart field carrying the logo; upload errors are reported under this name. */
export const LOGO_FIELD = 'file';

const tooLong = { message: 'Input exceeds maximum length' };
const zHttpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** Each entry trimmed and non-empty; repeats (ignoring case) are dropped, the first spelling kept. */
function zTextList(itemMax: number, count: number, itemMessage: string, countMessage: string) {
  return z
    .array(z.string().trim().min(1, { message: itemMessage }).max(itemMax, tooLong))
    .max(count, { message: countMessage })
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

export const zBrandInput = z.object({
  brand_name: z
    .string()
    .trim()
    .min(1, { message: 'Enter the brand name' })
    .max(BRAND_LIMITS.brand_name, tooLong),
  website: z
    .string()
    .trim()
    .max(BRAND_LIMITS.website, tooLong)
    .refine((value) => value === '' || zHttpUrl.safeParse(value).success, {
      message: 'Enter a web address starting with http:// or https://',
    })
    .default(''),
  description: z.string().trim().max(BRAND_LIMITS.description, tooLong).default(''),
  tone_of_voice: z.string().trim().max(BRAND_LIMITS.tone_of_voice, tooLong).default(''),
  keywords: zTextList(
    BRAND_LIMITS.keyword,
    BRAND_LIMITS.keywords,
    'Enter a keyword',
    'At most 30 keywords',
  ).default([]),
  competitors: zTextList(
    BRAND_LIMITS.competitor,
    BRAND_LIMITS.competitors,
    'Enter a competitor',
    'At most 20 competitors',
  ).default([]),
});
export type BrandInput = z.output<typeof zBrandInput>;

export const zBrandProfile = z.object({
  team_id: z.string(),
  brand_name: z.string(),
  website: z.string(),
  description: z.string(),
  tone_of_voice: z.string(),
  keywords: z.array(z.string()),
  competitors: z.array(z.string()),
  /** Served without a token at `url` (`/api/files/{id}`). */
  logo: z.object({ id: z.string(), url: z.string() }).nullable(),
  /** Null until someone saves the profile. */
  updated_at: zSeconds.nullable(),
  /** The team's owner and admins edit; members read. */
  can_edit: z.boolean(),
});
export type BrandProfile = z.infer<typeof zBrandProfile>;

const zBrandAnswer = z.object({ brand: zBrandProfile });

export const getBrandProfile = defineEndpoint({
  method: 'GET',
  path: '/api/account/brand',
  permission: 'signed_in',
  summary: "The current team's brand profile (empty until saved)",
  tags,
  response: zBrandAnswer,
});

export const putBrandProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/account/brand',
  permission: 'signed_in',
  summary: "Save the current team's brand profile (owner or admin)",
  tags,
  body: zBrandInput,
  response: zBrandAnswer,
});

/**
 * multipart/form-data with one file in the field `file`: jpg, jpeg, png, gif or webp by content,
 * at most 2 MB. Replaces the previous logo. Errors: VALIDATION_ERROR with `fields.file`
 * ('Uploaded file type is wrong', 'Uploaded file is larger than allowed', ...).
 */
export const uploadBrandLogo = defineEndpoint({
  method: 'POST',
  path: '/api/account/brand/logo',
  permission: 'signed_in',
  summary: "Upload the current team's logo (owner or admin; multipart field `file`, image, max 2 MB)",
  tags,
  response: zBrandAnswer,
});

export const deleteBrandLogo = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/brand/logo',
  permission: 'signed_in',
  summary: "Remove the current team's logo (owner or admin)",
  tags,
  response: zBrandAnswer,
});
