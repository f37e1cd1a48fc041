/** What the letter routes (routes.ts, admin-routes.ts) answer with: the PDF, the message and the documented refusal. */
import { z } from "zod";
import { COMPLIANCE_MESSAGES } from "./service.ts";

export const MessageResponse = z.object({ message: z.string() });
export const PDF_ERRORS = { 403: COMPLIANCE_MESSAGES.unavailable };

export function pdf(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
