/** The Downloads tab: the caller's own documents (letters of compliance and others) and each file. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { listQuery } from "../lib/list.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { findOwnDocument, listDocumentsOf } from "./queries.ts";
import { DocumentList } from "./schemas.ts";

/** A filename safe inside a quoted Content-Disposition value. */
const safeFilename = (name: string) => name.replace(/["\\\r\n]/g, "_");

export const documentsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/documents",
    allow("user"),
    describe({ summary: "My documents", tags: ["Documents"], response: DocumentList }),
    validate("query", listQuery(["created_at", "kind"])),
    async (c) =>
      c.json(await listDocumentsOf(c.var.deps.database.db, caller(c).user_id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/account/documents/:id",
    allow("user"),
    describe({
      summary: "Download one of my documents",
      tags: ["Documents"],
      produces: "application/octet-stream",
      errors: { 404: "No such document, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => {
      const doc = await findOwnDocument(c.var.deps.database.db, caller(c).user_id, c.req.valid("param").id);
      if (!doc) throw notFound("Document");
      return new Response(doc.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          "Content-Type": doc.content_type,
          "Content-Disposition": `attachment; filename="${safeFilename(doc.filename)}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
