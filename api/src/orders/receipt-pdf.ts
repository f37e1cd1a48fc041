/**
 * An order's receipt as a PDF (pdf-lib, standard fonts, nothing fetched), like the Letter of Compliance
 * (compliance/letter-pdf.ts). Pure: the same order gives the same document. It states the seller, the buyer,
 * the order number, what was bought, the amount, and how it was paid (card brand and last 4, or the manual
 * medium and date). It holds no test result and nothing about a drug test.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { printable, wrap } from "../lib/pdf-text.ts";

export interface ReceiptInput {
  number: string;
  /** The office day the order was paid ('YYYY-MM-DD'). */
  paidOn: string;
  paidAt: Date;
  buyer: { name: string; email: string };
  /**
   * A company's charge (an employee's membership on its card, its compliance kit): the company is billed,
   * `buyer` is whoever paid for it, and `member` whom the membership is for.
   */
  company?: { name: string; address: string[]; member: string | null };
  seller: { name: string; address: string[]; email: string; phone: string; site: string };
  lines: { name: string; cost_cents: number; quantity: number }[];
  total_cents: number;
  /** "Visa ending 4242", or "Check Received on 2026-06-01". */
  paidWith: string;
  /** The order was cancelled (and refunded) since: the receipt says so. */
  cancelled: boolean;
  /** Said after the total (a membership's renewal terms). */
  note?: string | null;
}

/** The "Billed to" rows: the buyer, or a company with its address, who paid and whom it was for. */
function billedTo(input: ReceiptInput): [string, string][] {
  const payer = `${input.buyer.name} <${input.buyer.email}>`;
  if (!input.company) return [["Billed to", payer]];
  const c = input.company;
  return [
    ["Billed to", c.name],
    ...c.address.map((line): [string, string] => ["", line]),
    ["Paid by", payer],
    ...(c.member ? [["For", c.member] as [string, string]] : []),
  ];
}

export const receiptFilename = (number: string) => `receipt-${number}.pdf`;

/** $1,234.50 from cents. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const NAVY = rgb(0.06, 0.18, 0.36);
export const GREY = rgb(0.35, 0.35, 0.35);
export const MARGIN = 64;
export const PAGE: [number, number] = [612, 792]; // US Letter

/**
 * The heading every receipt opens with (this one and the refund's, refund-pdf.ts): APCA and the title on one
 * line, the seller's name, address and contacts in grey, and a rule. Answers the y to write on below it.
 */
export function drawSellerHeading(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  seller: ReceiptInput["seller"],
  title: string,
  top: number,
): number {
  const right = PAGE[0] - MARGIN;
  let y = top;
  const grey = (value: string, size = 9) => {
    page.drawText(printable(value), { x: MARGIN, y, size, font: fonts.regular, color: GREY });
    y -= size * 1.5;
  };
  page.drawText("APCA", { x: MARGIN, y, size: 26, font: fonts.bold, color: NAVY });
  const t = printable(title);
  page.drawText(t, {
    x: right - fonts.bold.widthOfTextAtSize(t, 20),
    y,
    size: 20,
    font: fonts.bold,
    color: rgb(0, 0, 0),
  });
  y -= 18;
  grey(seller.name, 10);
  for (const line of seller.address) grey(line);
  grey(`${seller.site} - ${seller.email} - ${seller.phone}`);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 1.5, color: NAVY });
  return y - 28;
}

export async function renderReceiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${input.number}`);
  doc.setAuthor(input.seller.name);
  doc.setSubject(`Receipt for order ${input.number}`);
  doc.setCreationDate(input.paidAt);
  doc.setModificationDate(input.paidAt);
  let page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const right = PAGE[0] - MARGIN;
  let y = PAGE[1] - MARGIN;

  const text = (
    value: string,
    opts: { size?: number; font?: PDFFont; x?: number; alignRight?: boolean } = {},
  ) => {
    const size = opts.size ?? 11, font = opts.font ?? regular;
    const t = printable(value);
    const x = opts.alignRight ? right - font.widthOfTextAtSize(t, size) : opts.x ?? MARGIN;
    page.drawText(t, { x, y, size, font, color: rgb(0, 0, 0) });
  };
  const grey = (value: string, size = 9) => {
    page.drawText(printable(value), { x: MARGIN, y, size, font: regular, color: GREY });
    y -= size * 1.5;
  };
  const newPageIfNeeded = () => {
    if (y < MARGIN + 80) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
  };

  y = drawSellerHeading(page, { regular, bold }, input.seller, "Receipt", y);

  const rows: [string, string][] = [
    ["Order number", input.number],
    ["Date paid", input.paidOn],
    ...billedTo(input),
    ["Paid with", input.paidWith],
  ];
  if (input.cancelled) rows.push(["Status", "Cancelled and refunded"]);
  for (const [label, value] of rows) {
    page.drawText(printable(label), { x: MARGIN, y, size: 11, font: regular, color: GREY });
    text(value, { font: bold, x: MARGIN + 130 });
    y -= 20;
  }
  y -= 14;

  // What was bought.
  text("Item", { font: bold });
  text("Qty", { font: bold, x: right - 170 });
  text("Amount", { font: bold, alignRight: true });
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: GREY });
  y -= 16;
  for (const line of input.lines) {
    newPageIfNeeded();
    const names = wrap(line.name, regular, 11, right - 190 - MARGIN);
    text(String(line.quantity), { x: right - 170 });
    text(dollars(line.cost_cents * line.quantity), { alignRight: true });
    for (const name of names) {
      text(name);
      y -= 15;
    }
    if (line.quantity > 1) grey(`${dollars(line.cost_cents)} each`);
    y -= 4;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: GREY });
  y -= 14;
  text("Total paid", { font: bold, size: 13 });
  text(dollars(input.total_cents), { font: bold, size: 13, alignRight: true });
  y -= 40;

  newPageIfNeeded();
  if (input.note) {
    for (const line of wrap(input.note, regular, 10, right - MARGIN)) {
      text(line, { size: 10 });
      y -= 14;
    }
    y -= 12;
  }
  for (
    const line of wrap(
      "Thank you. Keep this receipt for your records. It states a payment only and holds no drug test " +
        "information. Questions about this order: write to the e-mail address above with the order number.",
      regular,
      9,
      right - MARGIN,
    )
  ) grey(line);
  return await doc.save();
}
