/**
 * A refund's receipt as a PDF (pdf-lib, standard fonts), in the look of the order receipt (receipt-pdf.ts):
 * the seller, the buyer, the order, the amount refunded, what was charged and refunded in all, where the money
 * goes back to, and what became of the membership's term (decision 0081). Pure: the same refund gives the same
 * document. It holds nothing about a drug test.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { printable, wrap } from "../lib/pdf-text.ts";
import { dollars } from "./receipt-pdf.ts";

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

const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const MARGIN = 64;
const PAGE: [number, number] = [612, 792];

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

  page.drawText("APCA", { x: MARGIN, y, size: 26, font: bold, color: NAVY });
  const title = "Refund receipt";
  page.drawText(title, { x: right - bold.widthOfTextAtSize(title, 20), y, size: 20, font: bold });
  y -= 18;
  grey(input.seller.name, 10);
  for (const line of input.seller.address) grey(line);
  grey(`${input.seller.site} - ${input.seller.email} - ${input.seller.phone}`);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 1.5, color: NAVY });
  y -= 28;
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
