import PDFDocument from 'pdfkit';
import { say, type Translate } from '../../platform/say';
import { cjkFont, type InvoiceFont, LATIN_ASCENDER, LATIN_FONT, splitFontRuns } from './invoice-fonts';

/** Who sells: the seller's legal name, postal address and tax ID (configuration; empty parts are left off). */
export interface InvoiceSeller {
  name: string;
  address: string;
  taxId: string;
}

export interface InvoiceDocument {
  /** The reader's language (the requester's): every word of the invoice is in it. */
  t: Translate;
  /** The same language as a BCP 47 tag, for upper-casing headings. */
  languageTag: string;
  invoiceNumber: string;
  issuedAt: Date;
  seller: InvoiceSeller;
  title: string;
  taxNumber: string;
  email: string;
  address: string;
  orderNum: string;
  /** What was bought, as the reader reads it (a seeded plan name translated). */
  item: string;
  /** The service the order paid for: its period, or what a credit pack's credits last. */
  servicePeriod: string;
  paidAt: Date | null;
  /** The provider that took the payment, by its name in the reader's language. */
  method: string | null;
  amount: number;
  currency: string;
  note: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
/** The name the CJK font is registered under in each document. */
const CJK = 'NotoSansHans';

/** The invoice as a one-page PDF (A4), made in memory. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 56,
      // Screen readers and copy-paste read the document in the language it is written in.
      lang: doc.languageTag,
      info: { Title: `${doc.t('Invoice')} ${doc.invoiceNumber}`, Author: doc.seller.name },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    // The CJK font is registered on a document's first CJK run: a Latin-only invoice embeds none.
    let cjkRegistered = false;
    const fontName = (font: InvoiceFont) => {
      if (font === 'latin') return LATIN_FONT;
      if (!cjkRegistered) pdf.registerFont(CJK, cjkFont());
      cjkRegistered = true;
      return CJK;
    };
    /**
     * Writes text in `size` points, switching fonts mid-line where the script changes. pdfkit sets
     * a run's baseline one ascender below the line's top and moves down by the line height of the
     * font that ends a line; the CJK font's are taller than Helvetica's, so every run gets
     * Helvetica's baseline and line height: the runs of a line share one baseline and lines keep
     * an even pitch. Each line break starts a new paragraph, as pdfkit misplaces a line break
     * inside a run that continues. pdfkit right-aligns each run of a continued line on its own
     * (a translated "开具日期：2026-12-01" would come out as "2026-12-01开具日期："), so a
     * right-aligned line of several runs is measured and started where its whole width ends at
     * the right margin (right-aligned lines are short: the title, numbers, dates, the total).
     */
    const write = (text: string, size: number, options: PDFKit.Mixins.TextOptions = {}) => {
      const baseline = -(LATIN_ASCENDER / 1000) * size;
      const lineHeight = pdf.font(LATIN_FONT).fontSize(size).currentLineHeight(true);
      const paragraphs = text.split(/\r\n|\r|\n/);
      paragraphs.forEach((paragraph, line) => {
        // An empty line still takes its height (pdfkit skips empty text).
        const runs = splitFontRuns(paragraph || ' ');
        const byHand = options.align === 'right' && runs.length > 1;
        const width = byHand
          ? runs.reduce(
              (sum, run) => sum + pdf.font(fontName(run.font)).fontSize(size).widthOfString(run.text),
              0,
            )
          : 0;
        runs.forEach((run, index) => {
          const last = line === paragraphs.length - 1 && index === runs.length - 1;
          pdf.font(fontName(run.font)).fontSize(size);
          const lineGap = lineHeight - pdf.currentLineHeight(true);
          const continued = index < runs.length - 1 || (last && options.continued === true);
          const runOptions = { ...options, baseline, lineGap, continued };
          if (!byHand) pdf.text(run.text, runOptions);
          else if (index === 0) {
            const x = pdf.page.width - pdf.page.margins.right - width;
            pdf.text(run.text, x, pdf.y, { ...runOptions, align: 'left' });
          } else pdf.text(run.text, { ...runOptions, align: 'left' });
        });
        // The next line starts at the left margin again, as after any other line.
        if (byHand) pdf.x = pdf.page.margins.left;
      });
      // What follows (moveDown) measures lines in Helvetica too.
      return pdf.font(LATIN_FONT).fontSize(size);
    };

    const { t } = doc;
    const heading = (msgid: string) => t(msgid).toLocaleUpperCase(doc.languageTag);

    write(heading('Invoice'), 22, { align: 'right' });
    pdf.fillColor('#555');
    write(doc.invoiceNumber, 10, { align: 'right' });
    write(say(t, 'Issued {{date}}', { date: day(doc.issuedAt) }), 10, { align: 'right' }).moveDown(2);

    pdf.fillColor('#555');
    write(heading('Seller'), 9).fillColor('#000');
    write(doc.seller.name, 11);
    if (doc.seller.address) write(doc.seller.address, 11);
    if (doc.seller.taxId) write(say(t, 'Tax number: {{number}}', { number: doc.seller.taxId }), 11);
    pdf.moveDown();

    pdf.fillColor('#555');
    write(heading('Bill to'), 9).fillColor('#000');
    write(doc.title, 11);
    if (doc.taxNumber) write(say(t, 'Tax number: {{number}}', { number: doc.taxNumber }), 11);
    if (doc.address) write(doc.address, 11);
    write(doc.email, 11).moveDown(2);

    const rows: [string, string][] = [
      [t('Order number'), doc.orderNum],
      [t('Item'), doc.item],
      [t('Service period'), doc.servicePeriod],
      [t('Paid on'), doc.paidAt ? day(doc.paidAt) : '-'],
      [t('Payment method'), doc.method ?? '-'],
    ];
    for (const [label, value] of rows) {
      pdf.fillColor('#555');
      write(label, 10, { continued: true }).fillColor('#000');
      write(`  ${value}`, 10);
    }
    pdf.moveDown(2);
    write(say(t, 'Total: {{amount}}', { amount: money(doc.amount, doc.currency) }), 14, { align: 'right' });
    if (doc.note) {
      pdf.moveDown().fillColor('#555');
      write(doc.note, 9);
    }
    pdf.end();
  });
}
