/** The caller's documents, a page at a time (the Downloads tab). */
import { z } from "zod";
import { listOf, recordSchema } from "../lib/list.ts";

export const DocumentList = listOf(recordSchema(
  "document",
  z.object({
    kind: z.enum([
      "letter_of_compliance",
      "safety_concern_letter",
      "roster",
      "compliance_kit",
      "random_pool",
      "other",
    ]),
    filename: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    created_at: z.string(),
  }),
));
