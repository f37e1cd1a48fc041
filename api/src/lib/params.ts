/** Path parameter schemas shared by routers. */
import { z } from "zod";

/** `:id` as a positive integer; anything else answers 422 rather than reaching the database. */
export const IdParam = z.object({
  id: z.coerce.number({ error: "id must be a positive whole number" }).int(
    "id must be a positive whole number",
  )
    .positive("id must be a positive whole number").max(2_147_483_647, "id must be a positive whole number"),
});
