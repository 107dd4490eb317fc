import type { Locale } from '@app/contract/common';
import { HELP_HTML_TAGS, HELP_LINK_ATTRIBUTES } from '@app/contract/help/help-html';
import {
  DEFAULT_HELP_TAG_STYLE,
  HELP_ICONS,
  HELP_PLACEMENTS,
  HELP_TRIGGERS,
  type HelpEntry,
  type HelpIcon,
  type HelpTag,
  type HelpTagInput,
  type HelpTagStyle,
  parseHelpIds,
} from '@app/contract/help/help-tags';
import sanitizeHtml from 'sanitize-html';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import { bumpVersion } from '../../platform/versions';
import {
  deleteHelpTagRow,
  findEnabledHelpTags,
  findHelpStyle,
  findHelpTag,
  findHelpTags,
  type HelpStyleRow,
  type HelpTagRow,
  type HelpTagText,
  type HelpTagValues,
  helpTagAt,
  insertHelpTag,
  lockHelpTag,
  updateHelpTagRow,
  upsertHelpStyle,
} from './help-tags.repo';

/**
 * What help HTML may hold: text formatting, lists, headings, quotes, code, links (http, https,
 * mailto; opened in a new tab without the opener). No script, no style, no event handler, no
 * image or frame: sanitised on save here and again on render (DOMPurify, web).
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...HELP_HTML_TAGS],
  allowedAttributes: { a: [...HELP_LINK_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeHelpHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** A language whose sanitised HTML is empty is not filled: it is dropped. */
function cleanTexts(texts: HelpTagInput['texts']): Record<string, HelpTagText> {
  const kept: Record<string, HelpTagText> = {};
  for (const [loc, text] of Object.entries(texts)) {
    if (!text) continue;
    const html = sanitizeHelpHtml(text.html);
    if (html.replace(/<[^>]*>/g, '').trim() === '') continue;
    kept[loc] = { html, icon: text.icon };
  }
  return kept;
}

interface HelpData {
  /** Enabled tags: page path -> element id -> texts by locale. */
  pages: Map<string, Map<string, Record<string, HelpTagText>>>;
  style: HelpTagStyle;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function toStyle(row: HelpStyleRow | undefined): HelpTagStyle {
  if (!row) return DEFAULT_HELP_TAG_STYLE;
  return {
    icon_kind: isOneOf(HELP_ICONS, row.iconKind) ? row.iconKind : DEFAULT_HELP_TAG_STYLE.icon_kind,
    icon_color: row.iconColor,
    icon_size: row.iconSize,
    popover_width: row.popoverWidth,
    popover_placement: isOneOf(HELP_PLACEMENTS, row.popoverPlacement)
      ? row.popoverPlacement
      : DEFAULT_HELP_TAG_STYLE.popover_placement,
    popover_trigger: isOneOf(HELP_TRIGGERS, row.popoverTrigger)
      ? row.popoverTrigger
      : DEFAULT_HELP_TAG_STYLE.popover_trigger,
  };
}

/**
 * Every page asks for its help, so the enabled tags and the style are kept in memory per
 * `tag_help` version: each change bumps it in its transaction; other instances hear of it on the
 * change feed.
 */
const caches = new WeakMap<Platform, VersionedCache<HelpData>>();

function cache(platform: Platform): VersionedCache<HelpData> {
  let found = caches.get(platform);
  if (!found) {
    found = new VersionedCache<HelpData>(
      platform.db,
      {
        key: 'tag_help',
        initial: { pages: new Map(), style: DEFAULT_HELP_TAG_STYLE },
        load: async () => {
          const [rows, style] = await Promise.all([
            findEnabledHelpTags(platform.db),
            findHelpStyle(platform.db),
          ]);
          const pages = new Map<string, Map<string, Record<string, HelpTagText>>>();
          for (const row of rows) {
            const page = pages.get(row.pagePath) ?? new Map();
            page.set(row.elementId, row.texts);
            pages.set(row.pagePath, page);
          }
          return { pages, style: toStyle(style) };
        },
      },
      platform.changes,
    );
    caches.set(platform, found);
  }
  return found;
}

/**
 * After a committed (or failed) change: this instance reloads at once (basic infos' version
 * hears of it on the change feed, like every instance).
 */
function changed(platform: Platform): void {
  cache(platform).invalidate();
}

function defaultLocale(platform: Platform): Locale {
  return platform.config.REGION === 'cn' ? 'zh_CN' : 'en_US';
}

/**
 * `POST /api/config/help/html-tag-help`: the page's help for the ids asked, in the caller's
 * language (else the default language's); nothing while the user's help switch is off, unless
 * `ignore_help_switch`. HTML is sanitised again on the way out.
 */
export async function htmlTagHelp(
  platform: Platform,
  ctx: SignedInContext,
  body: { page_path: string; ids: string; ignore_help_switch?: boolean | undefined },
): Promise<{ helps: Record<string, HelpEntry>; style: HelpTagStyle; version: number }> {
  const ids = parseHelpIds(body.ids);
  if (!ids) throw validationError({ ids: 'ids is a JSON array of element ids' });
  const data = cache(platform);
  const version = Math.max(1, await data.fresh());
  const { pages, style } = data.current;
  const helps: Record<string, HelpEntry> = {};
  const showing = ctx.user.settings.helpSwitch || body.ignore_help_switch === true;
  const page = showing ? pages.get(body.page_path) : undefined;
  if (page) {
    const fallback = defaultLocale(platform);
    for (const id of new Set(ids)) {
      const texts = page.get(id);
      const text = texts?.[ctx.locale] ?? texts?.[fallback] ?? texts?.en_US;
      if (!text) continue;
      const icon: HelpIcon = isOneOf(HELP_ICONS, text.icon) ? text.icon : style.icon_kind;
      helps[id] = { html: sanitizeHelpHtml(text.html), icon };
    }
  }
  return { helps, style, version };
}

function toView(row: HelpTagRow): HelpTag {
  return {
    id: row.id,
    page_path: row.pagePath,
    element_id: row.elementId,
    texts: row.texts as HelpTag['texts'],
    enabled: row.enabled,
    updated_at: toSeconds(row.updatedAt),
    updated_by: row.updatedByEmail,
  };
}

export async function listHelpTags(platform: Platform, pagePath: string | undefined) {
  const part = pagePath?.trim();
  return { items: (await findHelpTags(platform.db, part || undefined)).map(toView) };
}

async function viewOf(platform: Platform, id: string): Promise<HelpTag> {
  const row = await findHelpTag(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'No such help tag' });
  return toView(row);
}

const DUPLICATE = 'This page already has help for this element';

function valuesOf(input: HelpTagInput): HelpTagValues {
  return {
    pagePath: input.page_path,
    elementId: input.element_id,
    texts: cleanTexts(input.texts),
    enabled: input.enabled,
  };
}

/** What an operation record keeps of a tag: which languages, not the HTML itself. */
function summary(values: HelpTagValues): Record<string, unknown> {
  return {
    page_path: values.pagePath,
    element_id: values.elementId,
    languages: Object.keys(values.texts).sort(),
    enabled: values.enabled,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function guardDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ element_id: DUPLICATE });
    throw error;
  }
}

export async function createHelpTag(platform: Platform, ctx: SignedInContext, input: HelpTagInput) {
  const values = valuesOf(input);
  try {
    const id = await guardDuplicate(() =>
      audited(
        platform.db,
        ctx,
        { action: 'help_tag.create', targetType: 'help_tag', targetId: null },
        async (tx) => {
          if (await helpTagAt(tx, values.pagePath, values.elementId)) {
            throw validationError({ element_id: DUPLICATE });
          }
          const made = await insertHelpTag(tx, values, ctx.user.id);
          await bumpVersion(tx, 'tag_help');
          return { result: made, after: { id: made, ...summary(values) } };
        },
      ),
    );
    return { help_tag: await viewOf(platform, id) };
  } finally {
    changed(platform);
  }
}

export async function updateHelpTag(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: HelpTagInput,
) {
  const values = valuesOf(input);
  try {
    await guardDuplicate(() =>
      audited(
        platform.db,
        ctx,
        { action: 'help_tag.update', targetType: 'help_tag', targetId: id },
        async (tx) => {
          const before = await lockHelpTag(tx, id);
          if (!before) throw new AppError('NOT_FOUND', { msg: 'No such help tag' });
          const other = await helpTagAt(tx, values.pagePath, values.elementId);
          if (other && other.id !== id) throw validationError({ element_id: DUPLICATE });
          await updateHelpTagRow(tx, id, values, ctx.user.id);
          await bumpVersion(tx, 'tag_help');
          return { result: undefined, before: summary(before), after: summary(values) };
        },
      ),
    );
    return { help_tag: await viewOf(platform, id) };
  } finally {
    changed(platform);
  }
}

export async function deleteHelpTag(platform: Platform, ctx: SignedInContext, id: string) {
  try {
    await audited(
      platform.db,
      ctx,
      { action: 'help_tag.delete', targetType: 'help_tag', targetId: id },
      async (tx) => {
        const before = await lockHelpTag(tx, id);
        if (!before) throw new AppError('NOT_FOUND', { msg: 'No such help tag' });
        await deleteHelpTagRow(tx, id);
        await bumpVersion(tx, 'tag_help');
        return { result: undefined, before: summary(before) };
      },
    );
    return { deleted: true };
  } finally {
    changed(platform);
  }
}

function styleView(row: HelpStyleRow | undefined) {
  return {
    style: toStyle(row),
    updated_at: row ? toSeconds(row.updatedAt) : null,
    updated_by: row?.updatedByEmail ?? null,
  };
}

export async function getHelpTagStyle(platform: Platform) {
  return styleView(await findHelpStyle(platform.db));
}

export async function saveHelpTagStyle(platform: Platform, ctx: SignedInContext, style: HelpTagStyle) {
  try {
    await audited(
      platform.db,
      ctx,
      { action: 'help_tag_style.save', targetType: 'help_tag_style', targetId: 'default' },
      async (tx) => {
        const before = toStyle(await findHelpStyle(tx));
        await upsertHelpStyle(
          tx,
          {
            iconKind: style.icon_kind,
            iconColor: style.icon_color.toLowerCase(),
            iconSize: style.icon_size,
            popoverWidth: style.popover_width,
            popoverPlacement: style.popover_placement,
            popoverTrigger: style.popover_trigger,
          },
          ctx.user.id,
        );
        await bumpVersion(tx, 'tag_help');
        return { result: undefined, before: { ...before }, after: { ...style } };
      },
    );
  } finally {
    changed(platform);
  }
  return getHelpTagStyle(platform);
}
