/**
 * Unique violations (SQLSTATE 23505) are conflicts, never server failures (decision 0042): two requests that
 * race past a service's "does it exist yet?" check meet at the database's unique index, and the loser is told in
 * the error model (409 CONFLICT) what already exists. lib/errors.ts maps every one centrally; the constraints
 * below have words of their own, the rest the generic sentence. Both drivers are read: postgres.js names the
 * constraint `constraint_name`, PGlite (pg-protocol) `constraint`.
 */

/** The generic answer to a unique violation without words of its own. */
export const UNIQUE_CONFLICT =
  "This already exists: someone may have just made the same change. Reload to see the current state.";

/** Words for the constraints a person can race into (kept equal to the services' own messages by a test). */
export const UNIQUE_MESSAGES: Record<string, string> = {
  business_users_active_key: "This user already belongs to that business.",
  employee_requests_open_name_key: "A request to add this employee is already waiting for APCA approval.",
  employee_requests_open_email_key: "A request to add this employee is already waiting for APCA approval.",
};

/**
 * The unique violation in `error` (or its causes): its constraint name ("" when the driver gave none), or null
 * when `error` is not one.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 3; e = (e as Error).cause, depth++) {
    const found = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (found.code !== "23505") continue;
    const name = found.constraint_name ?? found.constraint;
    return typeof name === "string" ? name : "";
  }
  return null;
}

/** Whether `error` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const name = uniqueViolation(error);
  return name !== null && (constraint === undefined || name === constraint);
}

/** The message for a unique violation of `constraint`. */
export const uniqueMessage = (constraint: string): string => UNIQUE_MESSAGES[constraint] ?? UNIQUE_CONFLICT;
