/**
 * The compliance kit's documents as PDFs (pdf-lib, standard fonts, nothing fetched), each generated on request
 * with the business's name, so a renamed company downloads documents with its current name. Pure: the same
 * inputs give the same layout. Pages flow: a block that does not fit starts a new page.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { printable, wrap } from "../lib/pdf-text.ts";
import type { Block, KitDocument } from "./documents.ts";

const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const MARGIN = 64;
const PAGE: [number, number] = [612, 792]; // US Letter
const WIDTH = PAGE[0] - 2 * MARGIN;

export interface KitPdfInput {
  document: KitDocument;
  businessName: string;
  /** 'YYYY-MM-DD': the day it was generated. */
  generatedOn: string;
}

export async function renderKitDocument(
  { document, businessName, generatedOn }: KitPdfInput,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.title}: ${printable(businessName)}`);
  pdf.setAuthor("APCA");
  pdf.setCreationDate(new Date(`${generatedOn}T00:00:00Z`));
  pdf.setModificationDate(new Date(`${generatedOn}T00:00:00Z`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < MARGIN + 24) newPage();
  };
  const text = (s: string, x: number, size: number, font: PDFFont, color = rgb(0, 0, 0)) => {
    page.drawText(printable(s), { x, y, size, font, color });
  };

  text("APCA Business Compliance Kit", MARGIN, 10, bold, NAVY);
  y -= 28;
  for (const line of wrap(document.title, bold, 18, WIDTH)) {
    text(line, MARGIN, 18, bold, NAVY);
    y -= 22;
  }
  text(`Prepared for ${businessName}`, MARGIN, 12, bold);
  y -= 16;
  text(`Generated ${generatedOn}`, MARGIN, 9, regular, GREY);
  y -= 26;

  const draw = (block: Block) => {
    switch (block.kind) {
      case "heading":
        need(40);
        y -= 6;
        text(block.text, MARGIN, 12, bold, NAVY);
        y -= 18;
        break;
      case "paragraph":
        for (const line of wrap(block.text, regular, 10.5, WIDTH)) {
          need(14);
          text(line, MARGIN, 10.5, regular);
          y -= 14;
        }
        y -= 6;
        break;
      case "bullets":
        for (const item of block.items) {
          wrap(item, regular, 10.5, WIDTH - 14).forEach((line, i) => {
            need(14);
            if (i === 0) text("-", MARGIN + 2, 10.5, regular);
            text(line, MARGIN + 14, 10.5, regular);
            y -= 14;
          });
        }
        y -= 6;
        break;
      case "fields":
        for (const label of block.labels) {
          need(30);
          y -= 12;
          page.drawLine({
            start: { x: MARGIN, y },
            end: { x: MARGIN + WIDTH, y },
            thickness: 0.6,
            color: GREY,
          });
          y -= 10;
          text(label, MARGIN, 8.5, regular, GREY);
          y -= 8;
        }
        y -= 6;
        break;
    }
  };
  for (const block of document.blocks(businessName)) draw(block);

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawText(printable(`${businessName} - ${document.title} - page ${i + 1} of ${pages.length}`), {
      x: MARGIN,
      y: MARGIN - 24,
      size: 8,
      font: regular,
      color: GREY,
    });
  });
  return await pdf.save();
}
