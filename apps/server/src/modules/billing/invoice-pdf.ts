import PDFDocument from 'pdfkit';
import { cjkFont, type InvoiceFont, LATIN_ASCENDER, LATIN_FONT, splitFontRuns } from './invoice-fonts';

export interface InvoiceDocument {
  invoiceNumber: string;
  issuedAt: Date;
  seller: string;
  title: string;
  taxNumber: string;
  email: string;
  address: string;
  orderNum: string;
  planName: string;
  paidAt: Date | null;
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
      info: { Title: `Invoice ${doc.invoiceNumber}`, Author: doc.seller },
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
     * inside a run that continues.
     */
    const write = (text: string, size: number, options: PDFKit.Mixins.TextOptions = {}) => {
      const baseline = -(LATIN_ASCENDER / 1000) * size;
      const lineHeight = pdf.font(LATIN_FONT).fontSize(size).currentLineHeight(true);
      const paragraphs = text.split(/\r\n|\r|\n/);
      paragraphs.forEach((paragraph, line) => {
        // An empty line still takes its height (pdfkit skips empty text).
        const runs = splitFontRuns(paragraph || ' ');
        runs.forEach((run, index) => {
          const last = line === paragraphs.length - 1 && index === runs.length - 1;
          pdf.font(fontName(run.font)).fontSize(size);
          const lineGap = lineHeight - pdf.currentLineHeight(true);
          const continued = index < runs.length - 1 || (last && options.continued === true);
          pdf.text(run.text, { ...options, baseline, lineGap, continued });
        });
      });
      // What follows (moveDown) measures lines in Helvetica too.
      return pdf.font(LATIN_FONT).fontSize(size);
    };

    write('INVOICE', 22, { align: 'right' });
    pdf.fillColor('#555');
    write(doc.invoiceNumber, 10, { align: 'right' });
    write(`Issued ${day(doc.issuedAt)}`, 10, { align: 'right' }).moveDown(2);

    pdf.fillColor('#000');
    write(doc.seller, 11).moveDown();
    pdf.fillColor('#555');
    write('BILL TO', 9).fillColor('#000');
    write(doc.title, 11);
    if (doc.taxNumber) write(`Tax number: ${doc.taxNumber}`, 11);
    if (doc.address) write(doc.address, 11);
    write(doc.email, 11).moveDown(2);

    const rows: [string, string][] = [
      ['Order number', doc.orderNum],
      ['Item', doc.planName],
      ['Paid', doc.paidAt ? day(doc.paidAt) : '-'],
      ['Payment method', doc.method ?? '-'],
    ];
    for (const [label, value] of rows) {
      pdf.fillColor('#555');
      write(label, 10, { continued: true }).fillColor('#000');
      write(`  ${value}`, 10);
    }
    pdf.moveDown(2);
    write(`Total: ${money(doc.amount, doc.currency)}`, 14, { align: 'right' });
    if (doc.note) {
      pdf.moveDown().fillColor('#555');
      write(doc.note, 9);
    }
    pdf.end();
  });
}
