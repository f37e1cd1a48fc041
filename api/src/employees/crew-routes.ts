/**
 * A DER's crew list (decision 0086): preview an uploaded CSV or a pasted list, then file its rows as employee
 * requests in one go. Its owner (DER) or an administrator; another company answers 404 like every owner route.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { bodyLimitOf, describe, validate } from "../lib/route.ts";
import { previewCrewList, submitCrewList } from "./crew-list.ts";
import {
  CREW_LIST_MAX_BYTES,
  CREW_MESSAGES as C,
  CrewPreviewResponse,
  CrewSubmitBody,
  CrewSubmitResponse,
} from "./crew-schemas.ts";

const NOT_YOURS = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };
/** Room for the multipart framing around the file (boundaries, part headers, a long file name). */
const MULTIPART_ROOM = 64 * 1024;

export const crewRoutes = new Hono<AppEnv>()
  .post(
    "/auth/business/:id/crew-list/preview",
    allow("user"),
    describe({
      summary: "Preview a crew list: whom each row means and what cannot be used",
      description:
        "multipart/form-data with a CSV file in field `file`, or the pasted list as text in field " +
        "`text` (at most 1 MB, 500 rows; a header line with First Name and Last Name columns, and any of " +
        "Middle Name, Email, Phone, Address, City, State, ZIP, Country, USCG Cred, SSN last 4). UTF-8 with or " +
        "without a BOM, or Windows-1252; separated by commas, semicolons or tabs; quoted fields may hold line " +
        "breaks. Each row is checked with Add Employee's rules and messages and matched to an APCA member by " +
        "e-mail, else by first and last name with the last four SSN digits; anything else is a new " +
        "invitation (it needs an e-mail). Changes nothing. A file that is not a CSV answers 422.",
      tags: ["Employees"],
      response: CrewPreviewResponse,
      errors: {
        ...NOT_YOURS,
        409: "Not set up in i3, or inactive",
        413: "Larger than 1 MB",
        422: "No file or text, not a CSV list, or more than 500 rows",
      },
    }),
    bodyLimitOf(CREW_LIST_MAX_BYTES + MULTIPART_ROOM, C.tooLarge),
    validate("param", IdParam),
    async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("file");
      const text = form?.get("text");
      const input = file instanceof File && file.size > 0
        ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name.slice(0, 255) || null }
        : typeof text === "string" && text.trim()
        ? { text }
        : null;
      if (!input) throw new AppError("VALIDATION_FAILED", C.noFile, [{ path: "file", message: C.noFile }]);
      return c.json(await previewCrewList(c.var.deps, caller(c), c.req.valid("param").id, input), 200);
    },
  )
  .post(
    "/auth/business/:id/crew-list",
    allow("user"),
    describe({
      summary: "Send a crew list's rows to APCA as employee requests, in one go",
      description:
        "Each row is Add Employee's body with its row number; all are judged again as the preview " +
        "does and filed together or not at all (422 names each unusable row as rows.<i>.<field>). The office " +
        "sees one card for the upload (EMPLOYEE_REQUEST_BATCH). The same upload_key again answers the batch " +
        "already filed and files nothing more. Audited.",
      tags: ["Employees"],
      status: 201,
      response: CrewSubmitResponse,
      errors: {
        ...NOT_YOURS,
        409: "Not set up in i3, inactive, or a request for the same person was filed meanwhile",
        422: "A row cannot be used",
      },
    }),
    validate("param", IdParam),
    validate("json", CrewSubmitBody),
    async (c) => {
      const input = c.req.valid("json");
      const { batch } = await submitCrewList(c.var.deps, actorOf(c), c.req.valid("param").id, input);
      return c.json({ data: batch, message: C.submitted(batch.attributes.request_count) }, 201);
    },
  );
