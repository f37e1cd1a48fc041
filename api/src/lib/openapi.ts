/**
 * Builds the OpenAPI 3.1 document from the routes the app really serves: for each method and path, the
 * descriptions carried by its `allow`, `validate` and `describe` middleware (see route.ts). The zod schemas
 * that validate requests are the schemas published here.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { ERROR_STATUS } from "./errors.ts";
import { metaOf, type Role, type RouteDoc, type RouteMeta } from "./route.ts";

export interface DescribedRoute {
  method: string;
  path: string;
  access?: Role[];
  doc?: RouteDoc;
  inputs: Extract<RouteMeta, { kind: "validate" }>[];
  /** Honours an Idempotency-Key header (idempotency.ts). */
  idempotent?: boolean;
}

/** Groups the app's handler chains by method and path and reads their descriptions. */
// deno-lint-ignore no-explicit-any
export function describeRoutes(app: Hono<any>): DescribedRoute[] {
  const byKey = new Map<string, DescribedRoute>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, inputs: [] };
    byKey.set(key, route);
    const meta = metaOf(r.handler);
    if (meta?.kind === "access") route.access = meta.roles;
    if (meta?.kind === "describe") route.doc = meta.doc;
    if (meta?.kind === "validate") route.inputs.push(meta);
    if (meta?.kind === "idempotent") route.idempotent = true;
  }
  return [...byKey.values()];
}

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

const ErrorSchema = z.object({
  error: z.string().describe("Message for people; the web shows it as is."),
  code: z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional()
    .describe("Present on validation failures (422): one entry per invalid field."),
  request_id: z.string().optional().describe("Present on 500: quote it to support."),
});

function accessText(roles: Role[] | undefined): string {
  if (!roles) return "UNDECLARED";
  if (roles.includes("public")) return "Anyone, signed in or not.";
  if (roles.includes("user")) return "Any signed-in user; records of others answer 404.";
  return `Signed-in ${roles.join(" or ")}${roles.includes("admin") ? "" : " (or an administrator)"}.`;
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

const pascal = (word: string) =>
  word.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");

/** A stable operationId read off the method and path: GET /api/auth/user/:id/tests → getAuthUserByIdTests. */
export function operationId(method: string, path: string): string {
  const words = path.split("/").filter((s) => s && s !== "api")
    .map((s) => s.startsWith(":") ? `By${pascal(s.slice(1).replace(/\{.*$/, ""))}` : pascal(s));
  return method.toLowerCase() + words.join("");
}

/**
 * The liveness probe runs before every middleware and reads nothing of the request, so it has no 4xx answer;
 * Redocly's operation-4xx-response rule is told so (api/src/lint-openapi.ts), and for no other operation.
 */
export const WITHOUT_4XX = ["GET /api/health"];

// deno-lint-ignore no-explicit-any
export function buildOpenApi(app: Hono<any>) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  for (const route of describeRoutes(app)) {
    if (!route.path.startsWith("/api")) continue;
    const doc = route.doc;
    const status = String(doc?.status ?? 200);
    const parameters: unknown[] = [];
    let requestBody: unknown;
    for (const input of route.inputs) {
      if (input.target === "json") {
        requestBody = {
          required: true,
          content: { "application/json": { schema: jsonSchema(input.schema, "input") } },
        };
        continue;
      }
      const shape = jsonSchema(input.schema, "input") as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(shape.properties ?? {})) {
        parameters.push({
          name,
          in: input.target === "param" ? "path" : "query",
          required: input.target === "param" || (shape.required ?? []).includes(name),
          schema,
        });
      }
    }
    for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
      if (!parameters.some((p) => (p as { name: string }).name === name)) {
        parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
      }
    }
    const success = doc?.response
      ? {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(doc.response, "output") } },
      }
      : doc?.produces
      ? {
        description: "Success",
        content: { [doc.produces]: { schema: { type: "string", format: "binary" } } },
      }
      : { description: "Success, no body" };
    const responses: Record<string, unknown> = { [status]: success };
    if (route.inputs.length) responses["422"] = errorResponse("Validation failed: see issues");
    if (route.inputs.some((i) => i.target === "json")) {
      responses["400"] = errorResponse("Malformed JSON");
      responses["415"] = errorResponse("Body is not JSON");
    }
    if (route.access && !route.access.includes("public")) {
      responses["401"] = errorResponse("Not signed in, or the session ended");
      if (!route.access.includes("user")) {
        responses["403"] = errorResponse("Signed in without the needed role");
      }
    }
    if (route.idempotent) {
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "1-255 printable characters, unique per intended change. A repeat with the same request " +
          "answers the first answer again (header Idempotent-Replayed: true); keys are kept 7 days.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      });
      responses["409"] = errorResponse("A request with this Idempotency-Key is still being processed");
      responses["422"] = errorResponse(
        [route.inputs.length ? "Validation failed: see issues" : "", "Idempotency-Key malformed or reused"]
          .filter(Boolean).join("; "),
      );
    }
    for (const [code, text] of Object.entries(doc?.errors ?? {})) responses[code] = errorResponse(text ?? "");
    // Every /api request's path and query string are checked for text that cannot be stored (safe-input.ts).
    if (!WITHOUT_4XX.includes(`${route.method} ${route.path}`)) {
      responses["422"] ??= errorResponse("The path or query string holds a NUL or an unpaired surrogate");
    }
    responses["500"] = errorResponse("Unexpected error; the answer carries a request_id");
    responses["503"] = errorResponse(
      "DATABASE_UNAVAILABLE: the database is not answering; retry after Retry-After",
    );
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: operationId(route.method, route.path),
      summary: doc?.summary ?? `${route.method} ${route.path}`,
      description: [doc?.description, `Access: ${accessText(route.access)}`].filter(Boolean).join("\n\n"),
      tags: doc?.tags ?? ["Other"],
      "x-access": route.access ?? [],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      // Public operations say so explicitly: an empty list means no credentials are needed.
      security: route.access?.includes("public") ? [] : [{ cookie: [] }, { bearer: [] }],
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "APCA consortium portal API",
      version: "1.0.0",
      description: "Every non-2xx answer uses the Error schema. Lists answer { data, meta: { total, page, " +
        "per_page } } and accept page (from 1), per_page, sort_by (whitelisted per list) and sort_dir.",
      license: { name: "Proprietary: APCA consortium portal", url: "/terms-and-conditions" },
    },
    servers: [{ url: "/" }],
    components: {
      schemas: { Error: jsonSchema(ErrorSchema, "output") },
      securitySchemes: {
        cookie: { type: "apiKey", in: "cookie", name: "apca_session" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    },
    paths,
  };
}
