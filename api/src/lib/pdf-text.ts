/** Text for the PDFs we generate (pdf-lib's standard fonts): the kit's documents, the letter, the roster. */
import type { PDFFont } from "pdf-lib";

/** The standard fonts speak WinAnsi only: anything else becomes '?' rather than failing the document. */
export const printable = (text: string) => text.normalize("NFC").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");

/** `text`, made printable, broken at spaces into lines no wider than `width` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
