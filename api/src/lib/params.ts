/**
 * The one schema for whole numbers that reach the database. Every id column is `integer` (int4), and so are
 * counts, cents and orders: a number past 2^31-1 passes `.int()` but fails in PostgreSQL with a 500, so every
 * integer a client sends is bounded here, once, to the column type.
 */
import { z } from "zod";

export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * A JSON whole number that fits an int4 column: `message` answers any other value, `required` (when given) a
 * missing one.
 */
export const int4 = (message: string, required = message) =>
  z.number({ error: (issue) => issue.input === undefined ? required : message })
    .int(message).min(INT4_MIN, message).max(INT4_MAX, message);

/** A JSON id: a positive int4. */
export const idNumber = (message: string, required = message) => int4(message, required).min(1, message);

/** A path or query id (text in the URL): a positive int4 written as digits. */
export const idText = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** A query-string whole number from `min`, bounded like int4 (page numbers and the like). */
export const intText = (message: string, min: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(INT4_MAX, message);

/** `:id` as a positive integer; anything else answers 422 rather than reaching the database. */
export const IdParam = z.object({ id: idText("id must be a positive whole number") });
