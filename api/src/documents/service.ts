/** The Downloads tab's services: the caller's own documents and one file (decision 0052). */
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { findOwnDocument, listDocumentsOf } from "./queries.ts";

export const myDocuments = (
  deps: Pick<Deps, "database">,
  userId: number,
  params: Parameters<typeof listDocumentsOf>[2],
) => listDocumentsOf(deps.database.db, userId, params);

/** A filename safe inside a quoted Content-Disposition value. */
const safeFilename = (name: string) => name.replace(/["\\\r\n]/g, "_");

/** One of the caller's documents with its bytes; 404 when missing or someone else's. */
export async function myDocumentFile(deps: Pick<Deps, "database">, userId: number, id: number) {
  const doc = await findOwnDocument(deps.database.db, userId, id);
  if (!doc) throw notFound("Document");
  return doc;
}

/** One of the caller's documents as the download answers it; 404 when missing or someone else's. */
export async function myDocumentDownload(deps: Pick<Deps, "database">, userId: number, id: number) {
  const doc = await myDocumentFile(deps, userId, id);
  return new Response(doc.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": doc.content_type,
      "Content-Disposition": `attachment; filename="${safeFilename(doc.filename)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
