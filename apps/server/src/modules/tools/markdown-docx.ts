import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { Lexer, type Token, type Tokens } from 'marked';

/**
 * Markdown to a Word document (spec section 7, `md-to-doc`): headings, paragraphs with bold,
 * italic, struck, code and links, nested bulleted and numbered lists, quotes, code blocks, rules,
 * and tables kept as Word tables (header row bold and repeated, columns aligned as the markdown
 * says). Raw HTML is kept as its text, never interpreted; images keep their alternative text
 * (a report's charts come as their own files). Latin text in Calibri, CJK in Microsoft YaHei,
 * code in Consolas.
 */

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const CODE_FONT = 'Consolas';
const BULLETS = 'bullets';
const NUMBERS = 'numbers';

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

/** Marked keeps entities as typed (`&amp;`); the document holds the characters they stand for. */
function decode(text: string): string {
  // A number that is no character (past U+10FFFF, a surrogate, NUL) stays as typed.
  const char = (whole: string, code: number) =>
    code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  return text
    .replace(/&#(\d{1,7});/g, (whole, code: string) => char(whole, Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (whole, code: string) => char(whole, Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** XML 1.0 has no place for most control characters: Word refuses a file that carries one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const clean = (text: string) => text.replace(NOT_XML, '');

function run(text: string, style: RunStyle): TextRun {
  return new TextRun({
    text: clean(decode(text)),
    bold: style.bold,
    italics: style.italics,
    strike: style.strike,
    ...(style.code
      ? { font: CODE_FONT, shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } }
      : {}),
  });
}

/** Inline tokens as runs, styles nesting (bold inside a link, code inside bold). */
function inline(tokens: Token[] | undefined, style: RunStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inline((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inline((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...inline((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case 'codespan':
        out.push(run((token as Tokens.Codespan).text, { ...style, code: true }));
        break;
      case 'br':
        out.push(new TextRun({ text: '', break: 1 }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const children = inline(link.tokens, style).filter(
          (child): child is TextRun => child instanceof TextRun,
        );
        // Only web and mail links become links; anything else (javascript:, file:) stays text.
        if (/^(https?:|mailto:)/i.test(link.href)) {
          out.push(
            new ExternalHyperlink({
              link: link.href,
              children: children.length ? children : [run(link.href, style)],
            }),
          );
        } else {
          out.push(...children);
        }
        break;
      }
      case 'image': {
        const image = token as Tokens.Image;
        if (image.text) out.push(run(`[${image.text}]`, { ...style, italics: true }));
        break;
      }
      case 'text': {
        const text = token as Tokens.Text;
        out.push(...(text.tokens?.length ? inline(text.tokens, style) : [run(text.text, style)]));
        break;
      }
      default:
        // escape, html and anything a later marked adds: its text as typed.
        if ('text' in token && typeof token.text === 'string') out.push(run(token.text, style));
        else if (typeof token.raw === 'string') out.push(run(token.raw, style));
    }
  }
  return out;
}

const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;

function table(token: Tokens.Table): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' };
  const cell = (item: Tokens.TableCell, column: number, header: boolean) =>
    new TableCell({
      children: [
        new Paragraph({
          alignment: ALIGN[token.align[column] ?? 'left'] ?? AlignmentType.LEFT,
          children: inline(item.tokens, header ? { bold: true } : {}),
        }),
      ],
      ...(header ? { shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } } : {}),
      borders: { top: border, bottom: border, left: border, right: border },
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: token.header.map((item, i) => cell(item, i, true)) }),
      ...token.rows.map((row) => new TableRow({ children: row.map((item, i) => cell(item, i, false)) })),
    ],
  });
}

type Block = Paragraph | Table;

/** Each list numbers from its own start: Word continues a numbering across lists sharing an instance. */
let listInstance = 0;

function list(token: Tokens.List, level: number, quoted: boolean): Block[] {
  const out: Block[] = [];
  listInstance += 1;
  const instance = listInstance;
  for (const item of token.items) {
    let first = true;
    for (const child of item.tokens) {
      // A task's box is drawn below as ☐ or ☑, not as the "[x]" typed.
      if (child.type === 'checkbox') continue;
      if (child.type === 'list') {
        out.push(...list(child as Tokens.List, Math.min(level + 1, 8), quoted));
        continue;
      }
      const children =
        child.type === 'text' || child.type === 'paragraph'
          ? inline(
              (child as Tokens.Text).tokens ?? [{ type: 'text', raw: child.raw, text: child.raw } as Token],
            )
          : null;
      if (children === null) {
        out.push(...blocks([child], quoted));
        continue;
      }
      const box = item.task ? [new TextRun({ text: item.checked ? '☑ ' : '☐ ' })] : [];
      out.push(
        new Paragraph({
          children: [...(first ? box : []), ...children],
          ...(first
            ? { numbering: { reference: token.ordered ? NUMBERS : BULLETS, level, instance } }
            : { indent: { left: 720 * (level + 1) } }),
        }),
      );
      first = false;
    }
  }
  return out;
}

function blocks(tokens: Token[], quoted = false): Block[] {
  const out: Block[] = [];
  const quote = quoted
    ? {
        indent: { left: 567 },
        border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'BFBFBF', space: 8 } },
      }
    : {};
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push(
          new Paragraph({
            heading: HEADINGS[Math.min(Math.max(heading.depth, 1), 6) - 1],
            children: inline(heading.tokens),
          }),
        );
        break;
      }
      case 'paragraph':
        out.push(
          new Paragraph({
            children: inline((token as Tokens.Paragraph).tokens),
            spacing: { after: 160 },
            ...quote,
          }),
        );
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(new Paragraph({ children: inline(text.tokens ?? [text]), ...quote }));
        break;
      }
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens, true));
        break;
      case 'list':
        out.push(...list(token as Tokens.List, 0, quoted));
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n')) {
          out.push(
            new Paragraph({
              children: [new TextRun({ text: clean(line), font: CODE_FONT, size: 20 })],
              shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' },
              spacing: { before: 0, after: 0 },
            }),
          );
        }
        out.push(new Paragraph({ children: [] }));
        break;
      case 'table':
        out.push(table(token as Tokens.Table), new Paragraph({ children: [] }));
        break;
      case 'hr':
        out.push(
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BFBFBF', space: 1 } },
          }),
        );
        break;
      case 'space':
      case 'def':
        break;
      case 'html':
        out.push(new Paragraph({ children: [run((token as Tokens.HTML).text.trim(), {})], ...quote }));
        break;
      default:
        if (typeof token.raw === 'string' && token.raw.trim()) {
          out.push(new Paragraph({ children: [run(token.raw.trim(), {})], ...quote }));
        }
    }
  }
  return out;
}

const levels = (ordered: boolean) =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : (['•', '◦', '▪'][level % 3] ?? '•'),
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));

/** The `.docx` bytes of `markdown`, titled `title` in the document's properties. */
export async function markdownToDocx(markdown: string, title: string): Promise<Buffer> {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  const body = blocks(tokens);
  const document = new Document({
    title: clean(title),
    creator: 'Marketing AI Workspace',
    styles: {
      default: {
        document: {
          run: { font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' }, size: 22 },
        },
      },
    },
    numbering: {
      config: [
        { reference: BULLETS, levels: levels(false) },
        { reference: NUMBERS, levels: levels(true) },
      ],
    },
    sections: [{ children: body.length ? body : [new Paragraph({ children: [] })] }],
  });
  return Packer.toBuffer(document);
}
