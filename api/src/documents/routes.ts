/** The Downloads tab: the caller's own documents (letters of compliance and others) and each file. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { listQuery } from "../lib/list.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { DocumentList } from "./schemas.ts";
import { myDocumentDownload, myDocuments } from "./service.ts";

export const documentsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/documents",
    allow("user"),
    describe({ summary: "My documents", tags: ["Documents"], response: DocumentList }),
    validate("query", listQuery(["created_at", "kind"])),
    async (c) => c.json(await myDocuments(c.var.deps, caller(c).user_id, c.req.valid("query")), 200),
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
    async (c) => await myDocumentDownload(c.var.deps, caller(c).user_id, c.req.valid("param").id),
  );
