import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Fonts for invoice text. PDF's built-in Helvetica encodes only WinAnsi (Latin-1 and a few
 * typographic signs), so anything else, above all Chinese titles, names and addresses, is drawn
 * with Noto Sans CJK SC (the "Noto Sans Hans" cut shipped by `@embedpdf/fonts-sc`, SIL OFL 1.1):
 * it holds every GB2312 and every Big5 character, so simplified and traditional Chinese both
 * come out right on any server without fonts installed on it. pdfkit embeds only the glyphs a
 * document uses. Latin runs stay in Helvetica: the CJK font draws quotes and apostrophes
 * full-width ("l’ Église"), and an invoice in Latin script then embeds no font at all.
 */

/** The code points above Latin-1 that the standard fonts encode (pdfkit's WinAnsi table). */
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac,
  0x2122,
]);

export type InvoiceFont = 'latin' | 'cjk';

/** The name pdfkit knows the Latin font by (one of PDF's 14 standard fonts, never embedded). */
export const LATIN_FONT = 'Helvetica';
/** Helvetica's ascender in thousandths of the font size (its AFM metrics, as pdfkit reads them). */
export const LATIN_ASCENDER = 718;

const inWinAnsi = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) ||
  (codePoint >= 0xa0 && codePoint <= 0xff) ||
  WIN_ANSI_EXTRA.has(codePoint);

/** Spaces and line breaks exist in both fonts: they stay with their neighbours and split no run. */
const isNeutral = (char: string) => char === ' ' || char === '\u00a0' || /[\n\r\t]/.test(char);

/**
 * Splits text into runs, each drawn with one font: WinAnsi characters in Helvetica, every other
 * character (Chinese, Japanese kana, full-width punctuation, Latin letters outside WinAnsi) in the
 * CJK font. Iterates by code point so characters outside the BMP (CJK extension B) stay whole.
 */
export function splitFontRuns(text: string): { font: InvoiceFont; text: string }[] {
  const runs: { font: InvoiceFont; text: string }[] = [];
  let pending = '';
  for (const char of text) {
    const last = runs.at(-1);
    if (isNeutral(char)) {
      if (last) last.text += char;
      else pending += char;
      continue;
    }
    const font: InvoiceFont = inWinAnsi(char.codePointAt(0) ?? 0) ? 'latin' : 'cjk';
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: pending + char });
    pending = '';
  }
  if (pending || runs.length === 0) runs.push({ font: 'latin', text: pending });
  return runs;
}

/** The font package's main module sits in dist/; its font files in fonts/ beside it. */
const CJK_FONT_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);

let cjkFontBytes: Buffer | null = null;

/** The CJK font's bytes (8 MB), read once, when the first invoice needs them. */
export function cjkFont(): Buffer {
  cjkFontBytes ??= readFileSync(CJK_FONT_PATH);
  return cjkFontBytes;
}
