/**
 * The development stand-in's invoices as real PDF files (pdfkit, with its built-in Helvetica: no
 * font files to ship). Deterministic for the same input (no creation date in the metadata).
 */
import PDFDocument from 'pdfkit';
import { formatDateTime } from '../../contract/dateTime';
import { formatCodeAmount } from '../../contract/money';

export interface InvoicePdfInput {
  number: string;
  created: Date;
  status: string;
  customerName: string;
  customerEmail: string;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  /** Minor units. */
  subtotal: number;
  discount: number;
  total: number;
  currency: string;
}

/** Spec §9's one format (dd/MM/yyyy HH:mm, en-GB), in UTC: the server has no reader's zone. */
const day = (date: Date) => formatDateTime(date.toISOString(), 'UTC') ?? '';

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `Invoice ${input.number}`,
        Author: 'Givedrop (development billing stand-in)',
        CreationDate: input.created,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(22).text('Givedrop');
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    doc.text('Development billing stand-in: not a real invoice, no money was taken.');
    doc.moveDown(1.5).fillColor('#111111');

    doc.font('Helvetica-Bold').fontSize(16).text(`Invoice ${input.number}`);
    doc.font('Helvetica').fontSize(11).moveDown(0.5);
    doc.text(`Date: ${day(input.created)}`);
    doc.text(`Status: ${input.status}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Billed to');
    doc.font('Helvetica').text(input.customerName);
    if (input.customerEmail !== '') doc.text(input.customerEmail);
    doc.moveDown(1.5);

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, left, y, { width: right - left - 140 });
      doc.text(amount, right - 140, y, { width: 140, align: 'right' });
      doc.moveDown(0.4);
    };
    row('Description', 'Amount', true);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999999').stroke().moveDown(0.4);
    row(
      `${input.description} (${day(input.periodStart)} to ${day(input.periodEnd)})`,
      formatCodeAmount(input.subtotal, input.currency),
    );
    if (input.discount > 0) row('Discount', `-${formatCodeAmount(input.discount, input.currency)}`);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke().moveDown(0.4);
    row('Total', formatCodeAmount(input.total, input.currency), true);
    doc.end();
  });
}
