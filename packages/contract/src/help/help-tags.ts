import { z } from 'zod';
import { LOCALES, type Locale, zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';

/**
 * Help tags (issue 28 item 4): help attached to an element of a page, by page path and element
 * id, with HTML and an icon per language (`/admin/sys-functions/help-tags`), drawn as an icon with
 * a popover styled by `/admin/sys-functions/help-tags-style`. Pages ask for theirs with
 * `POST /api/config/help/html-tag-help` and keep the answer by `latest_tag_help_version`.
 */

/** The icons a help tag may show (antd's outlined icons of the same names on the web). */
export const HELP_ICONS = ['question', 'info', 'exclamation', 'bulb', 'book'] as const;
export const zHelpIcon = z.enum(HELP_ICONS, { message: 'Choose one of the listed icons' });
export type HelpIcon = z.infer<typeof zHelpIcon>;

export const HELP_PLACEMENTS = [
  'top',
  'bottom',
  'left',
  'right',
  'topLeft',
  'topRight',
  'bottomLeft',
  'bottomRight',
] as const;
export const HELP_TRIGGERS = ['hover', 'click'] as const;

/** The longest HTML a language's help keeps (after sanitising). */
export const HELP_HTML_MAX = 20_000;
/** Page paths as the router writes them: `/chat`, `/account/usage`, `/admin/user/users`. */
export const HELP_PAGE_PATH = /^\/[A-Za-z0-9/_\-.]*$/;
/** Element ids a page declares (`title`, `usage.chart`). */
export const HELP_ELEMENT_ID = /^[A-Za-z0-9_\-.:]+$/;

const zPagePath = z
  .string()
  .trim()
  .min(1, { message: 'Enter a page path' })
  .max(200, { message: 'At most 200 characters' })
  .regex(HELP_PAGE_PATH, { message: 'A page path starts with / and holds letters, digits, / _ - .' });

const zElementId = z
  .string()
  .trim()
  .min(1, { message: 'Enter an element id' })
  .max(100, { message: 'At most 100 characters' })
  .regex(HELP_ELEMENT_ID, { message: 'An element id holds letters, digits, _ - . :' });

/** One language's help; an empty `icon` uses the style's icon. */
export const zHelpText = z.object({
  html: z.string().max(HELP_HTML_MAX, { message: 'The help text is too long' }),
  icon: zHelpIcon.or(z.literal('')),
});
export type HelpText = z.infer<typeof zHelpText>;

/** Per language, only those filled. */
export const zHelpTexts = z.partialRecord(z.enum(LOCALES), zHelpText);
export type HelpTexts = Partial<Record<Locale, HelpText>>;

export const zHelpTag = z.object({
  id: z.string(),
  page_path: z.string(),
  element_id: z.string(),
  texts: zHelpTexts,
  enabled: z.boolean(),
  updated_at: zSeconds,
  updated_by: z.string().nullable(),
});
export type HelpTag = z.infer<typeof zHelpTag>;

export const zHelpTagStyle = z.object({
  icon_kind: zHelpIcon,
  /** `#rrggbb` */
  icon_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour is #rrggbb' }),
  /** Pixels. */
  icon_size: z.number().int().min(10, { message: 'At least 10' }).max(40, { message: 'At most 40' }),
  /** Pixels. */
  popover_width: z.number().int().min(160, { message: 'At least 160' }).max(800, { message: 'At most 800' }),
  popover_placement: z.enum(HELP_PLACEMENTS, { message: 'Choose one of the listed placements' }),
  popover_trigger: z.enum(HELP_TRIGGERS, { message: 'Choose hover or click' }),
});
export type HelpTagStyle = z.infer<typeof zHelpTagStyle>;

/** What the style is until an admin saves one. */
export const DEFAULT_HELP_TAG_STYLE: HelpTagStyle = {
  icon_kind: 'question',
  icon_color: '#8c8c8c',
  icon_size: 14,
  popover_width: 320,
  popover_placement: 'right',
  popover_trigger: 'hover',
};

const tags = ['admin: help tags'];

export const listHelpTags = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-functions/help-tags',
  permission: 'admin.help_tags.read',
  summary: 'Help tags, by page path and element id (filtered by a part of the page path)',
  tags,
  query: z.object({ page_path: z.string().max(200).optional() }),
  response: z.object({ items: z.array(zHelpTag) }),
});

const zHelpTagInput = z.object({
  page_path: zPagePath,
  element_id: zElementId,
  texts: zHelpTexts,
  enabled: z.boolean(),
});
export type HelpTagInput = z.infer<typeof zHelpTagInput>;

export const createHelpTag = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-functions/help-tags',
  permission: 'admin.help_tags.edit',
  summary: 'Add help to an element of a page (HTML sanitised; recorded)',
  tags,
  body: zHelpTagInput,
  response: z.object({ help_tag: zHelpTag }),
});

export const updateHelpTag = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-functions/help-tags/{id}',
  permission: 'admin.help_tags.edit',
  summary: 'Change a help tag (HTML sanitised; recorded)',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: zHelpTagInput,
  response: z.object({ help_tag: zHelpTag }),
});

export const deleteHelpTag = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/sys-functions/help-tags/{id}',
  permission: 'admin.help_tags.edit',
  summary: 'Remove a help tag (recorded)',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ deleted: z.boolean() }),
});

export const getHelpTagStyle = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-functions/help-tags-style',
  permission: 'admin.help_tags.read',
  summary: 'How help icons and their popovers look',
  tags,
  response: z.object({
    style: zHelpTagStyle,
    updated_at: zSeconds.nullable(),
    updated_by: z.string().nullable(),
  }),
});

export const putHelpTagStyle = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-functions/help-tags-style',
  permission: 'admin.help_tags.edit',
  summary: 'Change how help icons and their popovers look (recorded)',
  tags,
  body: zHelpTagStyle,
  response: z.object({
    style: zHelpTagStyle,
    updated_at: zSeconds.nullable(),
    updated_by: z.string().nullable(),
  }),
});

/** `ids` is a JSON string: an array of element ids. */
export function parseHelpIds(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value) || value.length > 200) return null;
    if (!value.every((id) => typeof id === 'string' && id.length <= 100)) return null;
    return value as string[];
  } catch {
    return null;
  }
}

export const zHelpEntry = z.object({ html: z.string(), icon: zHelpIcon });
export type HelpEntry = z.infer<typeof zHelpEntry>;

/** Spec section 7: the help a page shows, by element id, in the caller's language. */
export const postHtmlTagHelp = defineEndpoint({
  method: 'POST',
  path: '/api/config/help/html-tag-help',
  permission: 'signed_in',
  summary:
    "A page's help by element id, in the caller's language (empty while the user's help switch is off)",
  tags: ['config'],
  body: z.object({
    page_path: z.string().max(200),
    ids: z
      .string()
      .max(20_000)
      .refine((text) => parseHelpIds(text) !== null, { message: 'ids is a JSON array of element ids' }),
    ignore_help_switch: z.boolean().optional(),
  }),
  response: z.object({
    helps: z.record(z.string(), zHelpEntry),
    style: zHelpTagStyle,
    /** `latest_tag_help_version` the answer belongs to. */
    version: z.number().int(),
  }),
});
