/**
 * Route building blocks. Each is an ordinary Hono middleware that also carries a description of itself, so
 * the OpenAPI document is read off the routes that really run (see openapi.ts) and never drifts from them:
 *
 *   router.post("/login", allow("public"), describe({ summary: "Sign in", response: SessionBody }),
 *     validate("json", LoginBody), async (c) => { ... })
 */
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import type { AppEnv } from "./context.ts";
import { AppError, type Issue } from "./errors.ts";
import { refuseUnsafeBody } from "./safe-input.ts";

export type Role = "public" | "user" | "der" | "admin";

export type RouteMeta =
  | { kind: "access"; roles: Role[] }
  | { kind: "validate"; target: "json" | "query" | "param"; schema: z.ZodType }
  | { kind: "describe"; doc: RouteDoc }
  /** The route honours an Idempotency-Key header (see idempotency.ts). */
  | { kind: "idempotent" }
  /** The route's own request body limit, in place of the global BODY_LIMIT (app.ts). */
  | { kind: "body-limit"; maxBytes: number };

export interface RouteDoc {
  summary: string;
  description?: string;
  tags?: string[];
  /** Success status; 200 unless given. */
  status?: number;
  /** Schema of the success body; omit for an empty body (204) or a file. */
  response?: z.ZodType;
  /** Media type of a non-JSON success body, such as application/pdf. */
  produces?: string;
  /** Extra documented error answers beyond those implied by access and validation. */
  errors?: Partial<Record<number, string>>;
}

const META = Symbol("route-meta");

/** Attaches a description to a middleware without changing what it does. */
export function tag<T extends object>(handler: T, meta: RouteMeta): T {
  return Object.assign(handler, { [META]: meta });
}

export function metaOf(handler: unknown): RouteMeta | undefined {
  return (handler as { [META]?: RouteMeta } | null)?.[META];
}

/**
 * Documents a route: its summary, tags and success answer. Does nothing at run time, except in tests
 * (`deps.checkAnswers`), where a JSON success answer that does not parse with `doc.response` is an error.
 */
export function describe(doc: RouteDoc): MiddlewareHandler<AppEnv> {
  // Outside tests it only passes the request on (no extra await on every request).
  return tag<MiddlewareHandler<AppEnv>>(
    (c, next) =>
      doc.response && c.get("deps")?.checkAnswers
        ? next().then(() => checkAnswer(c.req.method, c.req.path, c.res, doc))
        : next(),
    { kind: "describe", doc },
  );
}

/** Throws when a JSON answer with the documented success status does not match the documented schema. */
async function checkAnswer(method: string, path: string, res: Response, doc: RouteDoc): Promise<void> {
  if (res.status !== (doc.status ?? 200)) return;
  if (!res.headers.get("Content-Type")?.includes("application/json")) return;
  const result = doc.response!.safeParse(await res.clone().json());
  if (result.success) return;
  const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw new Error(`${method} ${path} answered outside its documented schema (${issues})`);
}

/**
 * A request body limit of the route's own, in place of the global BODY_LIMIT (which app.ts skips for a route
 * that declares one); an oversized body answers 413 PAYLOAD_TOO_LARGE with `message`.
 */
export function bodyLimitOf(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", message);
    },
  });
  return tag<MiddlewareHandler<AppEnv>>((c, next) => limit(c, next), { kind: "body-limit", maxBytes });
}

/**
 * The body limit of a route that streams its raw body on (the import's upload, 200 MB): a Content-Length over
 * the limit is refused at once; a body without one (chunked) is counted as it streams and fails with 413 once
 * over, never held: Hono's `bodyLimit` reads such a body whole into memory before the handler runs.
 */
export function streamedBodyLimitOf(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", message);
  return tag<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > maxBytes) throw tooLarge();
      return await next();
    }
    const body = c.req.raw.body;
    if (!body) return await next();
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.length;
          if (size > maxBytes) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
  }, { kind: "body-limit", maxBytes });
}

/** Whether a route matched by this request declares its own body limit (`bodyLimitOf`). */
export function hasOwnBodyLimit(c: Context): boolean {
  return matchedRoutes(c).some((r) => metaOf(r.handler)?.kind === "body-limit");
}

/** Turns zod issues into the error model's issues, keeping the specification's messages as written. */
export function toIssues(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
): Issue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** Validates one part of the request with a zod schema; a failure answers 422 with every issue. */
export function validate<Target extends "json" | "query" | "param", T extends z.ZodType>(
  target: Target,
  schema: T,
) {
  const checked = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = toIssues(result.error);
      throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid input.", issues);
    }
  });
  // A JSON body that is not an object, or holds text the database cannot store, is refused before any schema
  // or handler sees it (the path and query string are checked for every /api request: safe-input.ts).
  const handler: typeof checked = async (c, next) => {
    if (target === "json") refuseUnsafeBody(await jsonBody(c));
    return await checked(c, next);
  };
  return tag(handler, { kind: "validate", target, schema });
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The body hono's validator will read (undefined when there is none or it is malformed). */
async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("Content-Type")?.split(";")[0].trim() ?? "";
  if (!JSON_TYPE.test(type)) return undefined;
  // Parsed once: hono caches the body, and a malformed one is left for the validator to answer 400.
  return await c.req.json().catch(() => undefined);
}
