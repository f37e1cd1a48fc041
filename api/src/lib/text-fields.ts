/** The optional text fields of the forms (user, employee request, business), read the same way everywhere. */
import { z } from "zod";

/** Optional text: trimmed, at most `max` characters, and null when missing or left empty. */
export const text = (max = 255) => z.string().trim().max(max).nullish().transform((v) => v || null);

/** Optional text that, when given, must match `pattern`; `message` answers one that does not. */
export const matching = (pattern: RegExp, message: string) =>
  text().refine((v) => v === null || pattern.test(v), message);
