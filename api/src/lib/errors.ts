/**
 * The one error model. Services throw `AppError`; `onError` turns anything thrown into
 * `{ error, code, issues? }` with the status that belongs to the code. `error` is written for people: the web
 * shows it as is.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { uniqueMessage, uniqueViolation } from "../db/unique.ts";

export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  EMAIL_TAKEN: 422,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CARD_DECLINED: 402,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  COMPLIANCE_UNAVAILABLE: 403,
  /** The session has not passed its second factor yet; the web sends the user to verify it (decision 0043). */
  SECOND_FACTOR_REQUIRED: 403,
  /** An administrator without a second factor: the web sends them to enrol one. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /** A sensitive action, and the second factor was verified too long ago: verify it again. */
  STEP_UP_REQUIRED: 403,
  /** A wrong TOTP, passkey or recovery code. */
  SECOND_FACTOR_INVALID: 422,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  MEMBERSHIP_CONFLICT: 409,
  /** An account merge the rules refuse (both have a running membership, say); the reason is in `error`. */
  MERGE_REFUSED: 409,
  /** Another administrator already processed the notification (two work one queue). */
  ALREADY_PROCESSED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_FAILED: 502,
  /** i3 (or its simulator) failed; what failed is recorded and can be retried. */
  I3_FAILED: 502,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_NOT_MIGRATED: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface Issue {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  issues?: Issue[];
  request_id?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/** The answer while the database is down or too slow: one a client may retry (docs/decisions/0016). */
export const databaseUnavailable = (): AppError =>
  new AppError(
    "DATABASE_UNAVAILABLE",
    "The service is briefly unavailable. Please try again in a moment.",
    undefined,
    { "Retry-After": "5" },
  );

export const notFound = (what = "Record"): AppError => new AppError("NOT_FOUND", `${what} not found.`);

/** A 422 for one field, for rules that only the service can check (a taken email, say). */
export const invalid = (path: string, message: string): AppError =>
  new AppError("VALIDATION_FAILED", message, [{ path, message }]);

const BY_STATUS: Partial<Record<number, [ErrorCode, string]>> = {
  400: ["BAD_REQUEST", "The request could not be understood."],
  401: ["UNAUTHENTICATED", "Please sign in to continue."],
  403: ["FORBIDDEN", "You do not have access to this."],
  404: ["NOT_FOUND", "Not found."],
  405: ["METHOD_NOT_ALLOWED", "This method is not allowed here."],
  413: ["PAYLOAD_TOO_LARGE", "The request body is too large."],
  414: ["URI_TOO_LONG", "The address is too long."],
  431: ["HEADERS_TOO_LARGE", "The request headers are too large."],
  415: ["UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json."],
};

export function errorBody(c: Context, err: unknown): { body: ErrorBody; status: ContentfulStatusCode } {
  if (err instanceof AppError) {
    if (err.headers) { for (const [k, v] of Object.entries(err.headers)) c.header(k, v); }
    return {
      status: err.status,
      body: { error: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) },
    };
  }
  if (err instanceof HTTPException && err.status < 500) {
    if (err.message.startsWith("Malformed JSON")) {
      return { status: 400, body: { error: "The request body is not valid JSON.", code: "MALFORMED_JSON" } };
    }
    const [code, message] = BY_STATUS[err.status] ?? ["BAD_REQUEST", "The request could not be understood."];
    return { status: err.status as ContentfulStatusCode, body: { error: message, code } };
  }
  const requestId = c.get("requestId") as string | undefined;
  // A race lost at a unique index (two requests past the same "not yet" check): a conflict, not a failure.
  const constraint = uniqueViolation(err);
  if (constraint !== null) {
    console.warn(
      JSON.stringify({ level: "warn", request_id: requestId, path: c.req.path, unique: constraint }),
    );
    return errorBody(c, new AppError("CONFLICT", uniqueMessage(constraint)));
  }
  if (isDatabaseUnavailable(err)) {
    // Expected during an outage and possibly thousands of times: one line each, no stack.
    console.warn(JSON.stringify({ level: "warn", request_id: requestId, path: c.req.path, db: String(err) }));
    return errorBody(c, databaseUnavailable());
  }
  console.error(
    JSON.stringify({ level: "error", request_id: requestId, path: c.req.path, error: String(err) }),
  );
  if (err instanceof Error && err.stack) console.error(err.stack);
  return {
    status: 500,
    body: {
      error: `Something went wrong on our side. Please try again; if it keeps happening, quote ${requestId}.`,
      code: "INTERNAL",
      request_id: requestId,
    },
  };
}
