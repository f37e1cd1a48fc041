/**
 * A refund's receipt as a PDF (pdf-lib, standard fonts), in the look of the order receipt (receipt-pdf.ts):
 * the seller, the buyer, the order, the amount refunded, what was charged and refunded in all, where the money
 * goes back to, and what became of the membership's term (decision 0081). Pure: the same refund gives the same
 * document. It holds nothing about a drug test.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { printable, wrap } from "../lib/pdf-text.ts";
import { dollars, drawSellerHeading, GREY, MARGIN, PAGE } from "./receipt-pdf.ts";

export interface RefundReceiptInput {
  number: string;
  /** The office day of the refund ('YYYY-MM-DD'). */
  refundedOn: string;
  refundedAt: Date;
  buyer: { name: string; email: string };
  seller: { name: string; address: string[]; email: string; phone: string; site: string };
  amount_cents: number;
  charged_cents: number;
  /** Refunded of the charge in all, this refund included. */
  refunded_cents: number;
  /** "visa ending 4242". */
  refundedTo: string;
  /** What became of the term, in a sentence. */
  term: string;
}

export async function renderRefundPdf(input: RefundReceiptInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Refund receipt ${input.number}`);
  doc.setAuthor(input.seller.name);
  doc.setSubject(`Refund for order ${input.number}`);
  doc.setCreationDate(input.refundedAt);
  doc.setModificationDate(input.refundedAt);
  const page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const right = PAGE[0] - MARGIN;
  let y = PAGE[1] - MARGIN;
  const grey = (value: string, size = 9) => {
    page.drawText(printable(value), { x: MARGIN, y, size, font: regular, color: GREY });
    y -= size * 1.5;
  };

  y = drawSellerHeading(page, { regular, bold }, input.seller, "Refund receipt", y);
  const rows: [string, string][] = [
    ["Order number", input.number],
    ["Date refunded", input.refundedOn],
    ["Refunded to", `${input.buyer.name} <${input.buyer.email}>`],
    ["Refunded to card", input.refundedTo],
    ["Charged", dollars(input.charged_cents)],
    ["Refunded in all", dollars(input.refunded_cents)],
  ];
  for (const [label, value] of rows) {
    page.drawText(printable(label), { x: MARGIN, y, size: 11, font: regular, color: GREY });
    page.drawText(printable(value), { x: MARGIN + 130, y, size: 11, font: bold });
    y -= 20;
  }
  y -= 10;
  page.drawText("Amount refunded", { x: MARGIN, y, size: 13, font: bold });
  const amount = dollars(input.amount_cents);
  page.drawText(amount, { x: right - bold.widthOfTextAtSize(amount, 13), y, size: 13, font: bold });
  y -= 32;
  for (const line of wrap(input.term, regular, 10, right - MARGIN)) {
    page.drawText(printable(line), { x: MARGIN, y, size: 10, font: regular });
    y -= 14;
  }
  y -= 12;
  for (
    const line of wrap(
      "A refund may take 5 to 10 business days to appear on your statement. Keep this receipt for your " +
        "records. Questions: write to the e-mail address above with the order number.",
      regular,
      9,
      right - MARGIN,
    )
  ) grey(line);
  return await doc.save();
}
