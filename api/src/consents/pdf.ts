/**
 * A consent as a PDF (pdf-lib, standard fonts; the same heading as the receipts, orders/receipt-pdf.ts): the
 * member's specific written consent to release their drug-test results (49 CFR 40.321), the person or company
 * named, which results, until when, the typed signature and its date, and whether it has been revoked. Pure: the
 * same consent gives the same document. It holds no test result.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { drawSellerHeading, GREY, MARGIN, PAGE, type ReceiptInput } from "../orders/receipt-pdf.ts";
import { printable, wrap } from "../lib/pdf-text.ts";

export interface ConsentPdfInput {
  id: number;
  member: { name: string; email: string; memberNumber: string | null };
  recipient: string;
  scope: string;
  expiresOn: string;
  signature: string;
  signedOn: string;
  createdAt: Date;
  /** "Revoked on Dec 7, 2026", "Expired after …", or null while it runs. */
  ended: string | null;
  seller: ReceiptInput["seller"];
}

export const consentFilename = (id: number) => `consent-${id}.pdf`;

export async function renderConsentPdf(input: ConsentPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Consent to release drug test results ${input.id}`);
  doc.setAuthor(input.seller.name);
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);
  const page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;
  let y = drawSellerHeading(page, { regular, bold }, input.seller, "Consent", PAGE[1] - MARGIN);

  const paragraph = (text: string, size = 11, font = regular) => {
    for (const line of wrap(text, font, size, width)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
      y -= size * 1.45;
    }
    y -= 8;
  };
  paragraph("Consent to release drug test results (49 CFR 40.321)", 14, bold);
  paragraph(
    `I, ${input.member.name}, authorize APCA to release my drug and alcohol test results described below to ` +
      `${input.recipient}. This consent is specific to that recipient and to these results only; it is not a ` +
      "blanket release. I may revoke it at any time in my APCA account; a revoked or expired consent releases " +
      "nothing more.",
  );
  const rows: [string, string][] = [
    ["Consent number", String(input.id)],
    ["Member", input.member.name],
    ["Member number", input.member.memberNumber ?? "Not assigned"],
    ["Member e-mail", input.member.email],
    ["Released to", input.recipient],
    ["Results", input.scope],
    ["Valid until", input.expiresOn],
    ["Status", input.ended ?? "In force"],
  ];
  for (const [label, value] of rows) {
    page.drawText(printable(label), { x: MARGIN, y, size: 11, font: regular, color: GREY });
    const lines = wrap(value, bold, 11, width - 130);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 130, y, size: 11, font: bold, color: rgb(0, 0, 0) });
      y -= 16;
    }
    y -= 4;
  }
  y -= 20;
  page.drawText(printable(input.signature), { x: MARGIN, y, size: 16, font: bold, color: rgb(0, 0, 0) });
  page.drawText(printable(input.signedOn), {
    x: MARGIN + 300,
    y,
    size: 12,
    font: regular,
    color: rgb(0, 0, 0),
  });
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 260, y }, thickness: 0.5, color: GREY });
  page.drawLine({
    start: { x: MARGIN + 300, y },
    end: { x: MARGIN + width, y },
    thickness: 0.5,
    color: GREY,
  });
  y -= 14;
  page.drawText("Signature (typed)", { x: MARGIN, y, size: 9, font: regular, color: GREY });
  page.drawText("Date", { x: MARGIN + 300, y, size: 9, font: regular, color: GREY });
  return await doc.save();
}
