/**
 * The Letter of Compliance as a PDF (pdf-lib, standard fonts, nothing fetched). Pure: the same inputs give
 * the same layout. The QR code holds the verification URL; its modules are drawn as one filled path inside a
 * marked-content section tagged /QR, so a test can read the code back out of the file.
 */
import {
  beginMarkedContent,
  endMarkedContent,
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  StandardFonts,
} from "pdf-lib";
import qrcode from "qrcode-generator";
import { printable, wrap } from "../lib/pdf-text.ts";

export interface LetterInput {
  fullName: string;
  memberNumber: string | null;
  /** 'YYYY-MM-DD'. */
  coverageFrom: string;
  /** 'YYYY-MM-DD', or null for a membership without an expiry date. */
  coverageTo: string | null;
  /** The instant of issue (the PDF's creation date). */
  issuedAt: Date;
  /** The date printed as "Issued": the office day of `issuedAt` (lib/dates.ts), which the caller knows. */
  issuedOn: string;
  /** `${PUBLIC_URL}/verify/<token>`. */
  verifyUrl: string;
  publicUrl: string;
}

export const LETTER_FILENAME = "letter-compliance.pdf";
const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const MARGIN = 64;
const PAGE: [number, number] = [612, 792]; // US Letter

/** 'June 15, 2026' from 'YYYY-MM-DD' (the date itself, not shifted by a time zone). */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The QR modules of `text`, row by row (true = dark). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const modules = qrModules(text);
  const cell = size / modules.length;
  const ops = [beginMarkedContent("QR"), pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) ops.push(rectangle(x + c * cell, y + size - (r + 1) * cell, cell, cell));
    })
  );
  ops.push(fill(), popGraphicsState(), endMarkedContent());
  page.pushOperators(...ops);
}

export async function renderLetterPdf(input: LetterInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Letter of Compliance");
  doc.setAuthor("APCA");
  doc.setSubject("Enrollment in a DOT/USCG random drug-testing program (46 CFR 16.230, 49 CFR Part 40)");
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;

  const text = (
    value: string,
    opts: { size?: number; font?: PDFFont; x?: number; color?: typeof NAVY } = {},
  ) => {
    page.drawText(printable(value), {
      x: opts.x ?? MARGIN,
      y,
      size: opts.size ?? 11,
      font: opts.font ?? regular,
      color: opts.color ?? rgb(0, 0, 0),
    });
  };
  const paragraph = (value: string, size = 11) => {
    for (const line of wrap(value, regular, size, width)) {
      text(line, { size });
      y -= size * 1.45;
    }
    y -= size * 0.6;
  };

  // Letterhead.
  text("APCA", { size: 26, font: bold, color: NAVY });
  const site = input.publicUrl.replace(/^https?:\/\//, "");
  text(site, { size: 9, color: GREY, x: PAGE[0] - MARGIN - regular.widthOfTextAtSize(printable(site), 9) });
  y -= 16;
  text("Maritime DOT/USCG Drug-Testing Consortium", { size: 11, color: NAVY });
  y -= 10;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: PAGE[0] - MARGIN, y },
    thickness: 1.5,
    color: NAVY,
  });
  y -= 40;

  text("Letter of Compliance", { size: 20, font: bold });
  y -= 22;
  text(`Issued ${longDate(input.issuedOn)}`, { size: 10, color: GREY });
  y -= 32;

  paragraph("To whom it may concern:");
  paragraph(
    `This letter confirms that ${input.fullName}${
      input.memberNumber ? `, member number ${input.memberNumber},` : ""
    } is enrolled in the APCA consortium's DOT/USCG random drug-testing program under 46 CFR 16.230 and ` +
      "49 CFR Part 40, and is subject to unannounced random selection for testing throughout the coverage " +
      "period below. Testing is carried out at DOT-approved collection facilities, by HHS-certified (SAMHSA) " +
      "laboratories, with review by a medical review officer.",
  );

  const rows: [string, string][] = [
    ["Member", input.fullName],
    ["Member number", input.memberNumber ?? "Not assigned"],
    ["Coverage start", longDate(input.coverageFrom)],
    ["Coverage expiry", input.coverageTo ? longDate(input.coverageTo) : "No expiry date"],
    ["Status on the issue date", "Active"],
  ];
  y -= 4;
  for (const [label, value] of rows) {
    text(label, { size: 11, color: GREY });
    text(value, { size: 11, font: bold, x: MARGIN + 170 });
    y -= 20;
  }
  y -= 16;

  paragraph(
    "This letter states enrollment as of its issue date and contains no test results (49 CFR 40.321). " +
      "To confirm that it is genuine and to see the member's current status, scan the code below: it opens " +
      `a verification page at ${input.publicUrl}.`,
    10,
  );

  // Verification code, bottom right, with its caption at its left.
  const qrSize = 150;
  const qrY = MARGIN + 10;
  drawQr(page, input.verifyUrl, PAGE[0] - MARGIN - qrSize, qrY, qrSize);
  y = qrY + qrSize - 12;
  text("Verify this letter", { size: 11, font: bold });
  y -= 16;
  const caption =
    "The code holds a digital signature by APCA over the member number, the coverage dates and " +
    "the issue date. Any change to them breaks the signature.";
  for (const line of wrap(caption, regular, 9, 260)) {
    text(line, { size: 9, color: GREY });
    y -= 12;
  }
  y = MARGIN - 24;
  text(`APCA - Letter of Compliance - ${input.memberNumber ?? input.fullName} - issued ${input.issuedOn}`, {
    size: 8,
    color: GREY,
  });

  return await doc.save();
}
