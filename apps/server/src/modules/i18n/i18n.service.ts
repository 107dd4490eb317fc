import type { Locale } from '@app/contract/common';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { insertMsgids, listMsgids } from './i18n.repo';

/**
 * Remembers which msgids the database already has, so answering `/api/babel/text` costs no query
 * unless a client shows a text nobody has registered yet.
 */
export class MsgidRegistry {
  private known: Set<string> | null = null;

  constructor(private readonly platform: Platform) {}

  async registerUnknown(msgids: string[], sourceLang: string, from: string): Promise<void> {
    this.known ??= new Set(await listMsgids(this.platform.db));
    const known = this.known;
    const unknown = [...new Set(msgids)].filter((msgid) => !known.has(msgid));
    if (!unknown.length) return;
    await insertMsgids(this.platform.db, unknown, sourceLang, from);
    for (const msgid of unknown) known.add(msgid);
  }
}

export async function babelText(
  platform: Platform,
  registry: MsgidRegistry,
  ctx: RequestContext,
  input: { msgids: string[]; source_lang: string; from: string },
): Promise<{ version: number; loc: Locale; msgstrs: Record<string, string> }> {
  const version = await platform.translator.ensureFresh();
  const table = platform.translator.all(ctx.locale);
  let msgstrs: Record<string, string>;
  if (input.msgids.length === 0) {
    msgstrs = Object.fromEntries(table);
  } else {
    msgstrs = {};
    for (const msgid of input.msgids) {
      const msgstr = table.get(msgid);
      if (msgstr !== undefined) msgstrs[msgid] = msgstr;
    }
    await registry.registerUnknown(input.msgids, input.source_lang, input.from);
  }
  return { version, loc: ctx.locale, msgstrs };
}
