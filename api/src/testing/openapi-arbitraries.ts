/**
 * fast-check arbitraries read off our own OpenAPI document: for each operation, requests whose path
 * parameters, query string, JSON body and Idempotency-Key are mostly shaped like the schema (so they get past
 * the first check and reach the service and the database) with hostile values mixed in: NUL, lone surrogates,
 * integers past int4, wrong types, null, arrays, huge strings, non-object bodies and odd keys.
 */
import fc from "fast-check";
import { DEV_CAPTCHA_TOKEN } from "../integrations/captcha/development.ts";

// deno-lint-ignore no-explicit-any
export type JsonSchema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path, such as /api/auth/user/{id}. */
  path: string;
  parameters: { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

export interface FuzzRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, JsonSchema>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema,
    }))
  );
}

const INT4_MAX = 2_147_483_647;

/** Values that have broken servers before: each must be answered with a 4xx, never a 500. */
export const hostileText = fc.constantFrom(
  "a\u0000b",
  "\u0000",
  "\ud800x",
  "x\udfff",
  "\ud83d",
  "😀 ünïcødé",
  "",
  " ",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "%00",
  "\\u0000",
  "null",
  "9".repeat(400),
  "x".repeat(70_000),
);

export const hostileNumber = fc.constantFrom(
  INT4_MAX + 1,
  -INT4_MAX - 2,
  2 ** 53 + 2,
  1e300,
  -1,
  0,
  1.5,
  -0.000001,
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { "a\u0000": 1 }, ["\ud800"]),
);

/** A value shaped like `schema` (mostly valid), or now and then a hostile one. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: shaped(schema ?? {}, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/**
 * A body shaped like `schema` (clean) with one or two fields replaced by hostile values, mostly of the field's
 * own type (a NUL in a name, 2^31 in an id) so that the request gets past the type check and reaches what is
 * behind it; bodies with every field at risk almost never get past validation.
 */
export function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (!fields.length) return valueFor(schema);
  const swap = fc.constantFrom(...fields).chain(([name, field]) =>
    fc.tuple(fc.constant(name), fc.oneof({ weight: 3, arbitrary: hostileLike(field) }, hostileValue))
  );
  return fc.tuple(shaped(schema, 0, true), fc.array(swap, { minLength: 1, maxLength: 2 }))
    .map(([body, swaps]) => ({ ...(body as object), ...Object.fromEntries(swaps) }));
}

/** A hostile value of the field's own type (an array's items get one, objects inside it a hostile field). */
function hostileLike(field: JsonSchema): fc.Arbitrary<unknown> {
  const type = field.type ?? field.anyOf?.find((s: JsonSchema) => s.type !== "null")?.type;
  if (type === "integer" || type === "number") return hostileNumber;
  if (type === "array") {
    const items: JsonSchema = field.items ?? {};
    return fc.array(items.properties ? bodyFor(items) : hostileLike(items), { minLength: 1, maxLength: 2 });
  }
  return hostileText;
}

/** A body shaped like `schema`, every field plausible: the clean requests that reach the processor. */
function cleanBodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return shaped(schema, 0, true);
}

/** A value of `schema`'s shape; `clean` keeps to small numbers and no hostile values anywhere inside. */
function shaped(schema: JsonSchema, depth: number, clean = false): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s: JsonSchema) => shaped(s, depth, clean)));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  return fc.oneof(...type.map((t: string | undefined) => ofType(t, schema, depth, clean)));
}

function ofType(
  type: string | undefined,
  schema: JsonSchema,
  depth: number,
  clean: boolean,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? Math.max(min, 1000);
      const low = Math.max(min, -1e9);
      const high = Math.min(max, 1e9);
      // Mostly small values: ids that exist, quantities that are allowed.
      const small = fc.integer({ min: low, max: Math.min(high, low + 2) });
      return clean ? small : fc.oneof(
        { weight: 3, arbitrary: small },
        { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
      );
    }
    case "string":
      return textFor(schema);
    case "array": {
      if (depth > 3) return fc.constant([]);
      const item = clean ? shaped(schema.items ?? {}, depth + 1, true) : valueFor(schema.items, depth + 1);
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case "object":
    case undefined: {
      if (depth > 3 || !schema.properties) return fc.constant({});
      return objectFor(schema, depth, clean);
    }
    default:
      return fc.constant(null);
  }
}

function textFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "date") return fc.constantFrom("2026-01-15", "2026-12-31", "2024-02-29");
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) =>
        s.length <= (schema.maxLength ?? Infinity)
      );
    } catch {
      // A pattern fast-check cannot invert: plain text, which the schema will mostly refuse.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ minLength, maxLength });
}

/** Fields whose rules the document cannot express (refinements): plausible answers, as a person would type. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  recaptcha: fc.constant(DEV_CAPTCHA_TOKEN),
  email: fc.emailAddress().filter((e) => e.length < 100),
  company_email: fc.emailAddress().filter((e) => e.length < 100),
  password: fc.constant("correct horse battery staple"),
  confirm_password: fc.constant("correct horse battery staple"),
  phone: fc.constant("504-555-0100"),
  company_phone: fc.constant("504-555-0100"),
  postal_code: fc.constant("70112"),
  zip: fc.constant("70112"),
  ssn: fc.constant("1234"),
  exp: fc.constant("12/30"),
  card_number: fc.constantFrom("4242424242424242", "4000000000000002"),
  cvc: fc.constant("123"),
  first_name: fc.constantFrom("Ann", "José"),
  last_name: fc.constantFrom("Lee", "O'Brien"),
};

function objectFor(schema: JsonSchema, depth: number, clean: boolean): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set<string>(schema.required ?? []);
  const entries = Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, s]) => {
    const plausible = PLAUSIBLE[name];
    const value = plausible
      ? fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 1, arbitrary: shaped(s, depth + 1, clean) })
      : shaped(s, depth + 1, clean);
    return [name, value] as const;
  });
  return fc.record(Object.fromEntries(entries), {
    requiredKeys: [...required].filter((k) => schema.properties[k]),
  });
}

/** Text for a path parameter: mostly small ids, or something hostile (percent-encoded as a client would). */
const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      String(INT4_MAX + 1),
      "99999999999999999999999",
      "-1",
      "0",
      "1.5",
      "1e3",
      "abc",
      "%00",
      "a%00b",
      "%ED%A0%80",
      "%F0%9F%98%80",
      "%25",
      "x".repeat(3000),
    ),
  },
);

const queryText = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom(
    "a%00b",
    "%00",
    "%ED%A0%80",
    "%FF",
    String(INT4_MAX + 1),
    "-5",
    "1e400",
    "desc",
    "asc",
    "id",
  ),
);

let keys = 0;
/** A key not used before in this process (generated uuids repeat across runs, and a reused key is a 422). */
const freshKey = (length: number) => `fuzz-${++keys}-`.padEnd(length, "k");

/** Idempotency-Key values: absent, ordinary, at and past the 255 limit, and oddly formed. */
const idempotencyKey = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant(36).map(freshKey) },
  { weight: 3, arbitrary: fc.integer({ min: 230, max: 260 }).map(freshKey) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "é-key", "a b", "key\t1", "x".repeat(5000)) },
);

/**
 * A request for `op`: its path with parameters filled, a query string, headers and maybe a JSON body. Half the
 * requests are clean apart from their Idempotency-Key (so they get as far as the database and the processor);
 * the others carry hostile values in the path, the query string or the body.
 */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const idempotent = op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key");
  const query = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ["q"])),
        fc.string(),
      ),
      queryText,
    ),
    { maxLength: queryParams.length ? 4 : 1 },
  );
  const hostileBody: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
      { weight: 4, arbitrary: bodyFor(op.body).map((v) => JSON.stringify(v)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("null", "[]", "1", '"x"', "true", "{", '{"a":', '[{"b":1}]', "{}"),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
    : op.method === "GET"
    ? fc.constant(undefined)
    : fc.constantFrom(undefined, "null", "{}", '{"a":"\\u0000"}');
  const cleanBody = op.body ? cleanBodyFor(op.body).map((v) => JSON.stringify(v)) : fc.constant(undefined);
  const smallIds = fc.integer({ min: 1, max: 5 }).map(String);
  const clean = fc.record({
    params: fc.tuple(...pathParams.map(() => smallIds)),
    query: fc.constant([] as [string, string][]),
    body: cleanBody,
    key: idempotent ? idempotencyKey : fc.constant(undefined),
  });
  const hostile = fc.record({
    params: fc.tuple(...pathParams.map(() => pathValue)),
    query,
    body: hostileBody,
    key: idempotent ? idempotencyKey : fc.constant(undefined),
  });
  return fc.oneof(clean, hostile).map(({ params, query, body, key }) => {
    let path = op.path;
    pathParams.forEach((p, i) => path = path.replace(`{${p.name}}`, params[i]));
    const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&");
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (key !== undefined) headers["Idempotency-Key"] = key;
    return { path: search ? `${path}?${search}` : path, headers, body };
  });
}
