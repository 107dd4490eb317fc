import type { AgColumnDef, ReplyPart } from '@app/contract/chat/parts';
import { formatCount } from '../../lib/format';
import { currentLocale, fromLanguageTag } from '../../lib/i18n/locales';

type AgTable = Extract<ReplyPart, { type: 'ag_table' }>;

const cell = (value: unknown) =>
  String(value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');

/** The grid's leaf columns with their full headings ("Sessions · Last 30 days"). */
function leaves(defs: AgColumnDef[], prefix = ''): { heading: string; field: string; number: boolean }[] {
  return defs.flatMap((def) => {
    const heading = prefix ? `${prefix} · ${def.headerName}` : def.headerName;
    if (def.children) return leaves(def.children, heading);
    return def.field ? [{ heading, field: def.field, number: def.cellDataType === 'number' }] : [];
  });
}

/** A reply's grid as a markdown table, numbers as shown (grouped), so an export reads like the page. */
export function gridMarkdown(part: AgTable, locale: string): string {
  const columns = leaves(part.columnDefs);
  const loc = fromLanguageTag(locale) ?? currentLocale();
  return [
    `| ${columns.map((c) => cell(c.heading)).join(' | ')} |`,
    `| ${columns.map((c) => (c.number ? '---:' : '---')).join(' | ')} |`,
    ...part.rowData.map(
      (row) =>
        `| ${columns
          .map((c) => {
            const value = row[c.field];
            return cell(typeof value === 'number' ? formatCount(value, loc) : value);
          })
          .join(' | ')} |`,
    ),
  ].join('\n');
}

/**
 * A reply as one markdown document (the `.md` export and what the `.docx` export converts): its
 * commentary, its tables (grids as markdown tables, so Word keeps them as tables) and its SQL.
 * Charts are drawn from the same rows as the tables beside them, so nothing is lost.
 */
export function replyMarkdown(parts: ReplyPart[], locale: string, sqlHeading: string): string {
  const blocks: string[] = [];
  for (const part of parts) {
    if (part.type === 'content') blocks.push(part.content);
    else if (part.type === 'table') blocks.push(part.table);
    else if (part.type === 'ag_table') blocks.push(gridMarkdown(part, locale));
    else if (part.type === 'sql')
      blocks.push(`**${sqlHeading}**\n\n\`\`\`sql\n${part.statements.join(';\n\n')}\n\`\`\``);
  }
  return blocks.join('\n\n');
}
