/**
 * Calls checked by path, method, parameters and body against the routes that run (decision 0047, issue 22).
 *
 * `call("PUT", "/auth/items/{id}", { params: { id }, body })` is `api()` (lib/api.ts) with the types read off
 * the OpenAPI document the server builds (lib/api-types.gen.ts, `deno task gen:api-types`): a path the server
 * does not have, a method it does not answer, a missing or misspelled parameter or body field, and a wrong
 * answer type all fail `deno check`. It builds the same URL string the hand-written call did and hands it to
 * `api()` / `apiFile()`, so the error model, the 401 redirect, idempotency keys (`headers`) and `prefetch()`
 * behave exactly as before.
 */
import { api, ApiError, type ApiFile, apiFile, type ApiOptions, prefetch } from "./api.ts";
import type { paths } from "./api-types.gen.ts";

/** A path as `api()` takes it (without the `/api` prefix), `{name}` where a parameter goes. */
export type ApiPath = keyof paths extends infer K ? K extends `/api${infer P}` ? P : never : never;

type Item<P extends ApiPath> = paths[`/api${P}`];
type Verb = "get" | "post" | "put" | "patch" | "delete";

/** The methods the server answers at `P`, upper case as in `fetch`. */
export type MethodOf<P extends ApiPath> = {
  [V in Verb]: [NonNullable<Item<P>[V]>] extends [never] ? never : Uppercase<V>;
}[Verb];

type Method = Uppercase<Verb>;
type Operation<P extends ApiPath, M extends Method> = NonNullable<Item<P>[Lowercase<M> & Verb]>;

/** A URL parameter as text or as the number the schema gives (a route's id often arrives as text). */
type Loose<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] };

type ParamsPart<O> = O extends { parameters: { path: infer A } } ? [A] extends [never] ? { params?: never }
  : A extends object ? { params: Loose<A> }
  : { params?: never }
  : { params?: never };

type QueryPart<O> = O extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never] ? { query?: never }
  : O extends { parameters: { query: infer R } } ? { query: Loose<R> }
  : { query?: Loose<NonNullable<Q>> }
  : { query?: never };

type JsonBody<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
type BodyPart<O> = O extends { requestBody: { content: infer C } }
  ? C extends { "application/json": infer B } ? { body: B } : { body: FormData }
  : O extends { requestBody?: { content: infer C } }
    ? C extends { "application/json": infer B } ? { body?: B } : { body?: FormData }
  : { body?: never };

/** The options of a call: what `api()` takes, plus the route's parameters, query and body, typed. */
export type CallInit<O> =
  & Omit<ApiOptions, "method" | "body">
  & ParamsPart<O>
  & QueryPart<O>
  & BodyPart<O>;

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type InitArgs<O> = [RequiredKeys<CallInit<O>>] extends [never] ? [init?: CallInit<O>] : [init: CallInit<O>];

type Success<R> = R extends { 200: infer A } ? A
  : R extends { 201: infer A } ? A
  : R extends { 202: infer A } ? A
  : never;

/** What a successful answer's JSON is (undefined for 204 No Content). */
export type Answer<O> = O extends { responses: infer R }
  ? [Success<R>] extends [never] ? R extends { 204: unknown } ? undefined : never
  : Success<R> extends { content: { "application/json": infer J } } ? J
  : never
  : never;

/** The JSON body the operation at `P` `M` takes. */
export type RequestBody<P extends ApiPath, M extends Method> = JsonBody<Operation<P, M>>;
/** The JSON answer of the operation at `P` `M`. */
export type ResponseOf<P extends ApiPath, M extends Method> = Answer<Operation<P, M>>;

type Built = { path: string; options: ApiOptions };

/** The URL `api()` gets: `{name}`s filled (URI-encoded) and the query in the order the caller gave it. */
export function buildPath(
  path: string,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${filled}?${pairs.join("&")}` : filled;
}

function build(method: string, path: string, init: Record<string, unknown> = {}): Built {
  const { params, query, ...options } = init as ApiOptions & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  return {
    path: buildPath(path, params, query),
    options: { ...options, method: method as ApiOptions["method"] },
  };
}

/** The calls the server answers at `P`, one per method, each taking its own parameters and body. */
export type Calls<P extends ApiPath, R> = {
  [M in MethodOf<P>]: (
    ...init: InitArgs<Operation<P, M>>
  ) => Promise<R extends "json" ? Answer<Operation<P, M>> : R>;
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** One function per method; `call()` and `callFile()` give it its type (a runtime object cannot carry one). */
function calls(path: string, send: (built: Built) => Promise<unknown>): unknown {
  return Object.fromEntries(
    METHODS.map((method) => [method, (init?: Record<string, unknown>) => send(build(method, path, init))]),
  );
}

/**
 * `api()` with the path, method, parameters, body and answer checked against the routes:
 * `call("/auth/items/{id}").PUT({ params: { id }, body })`. The path comes first so that its methods and their
 * options are known before the options are checked.
 */
export function call<P extends ApiPath>(path: P): Calls<P, "json"> {
  return calls(path, ({ path, options }) => api<unknown>(path, options)) as Calls<P, "json">;
}

/**
 * `prefetch()` by path the same way: `prefetchCall("/auth/account/tests").GET({ query })` starts the GET that the
 * screen's own `call(...).GET(...)` with the same parameters will send (app/preload.ts), so both build one URL.
 */
export function prefetchCall<P extends ApiPath>(path: P): Pick<Calls<P, void>, "GET" & MethodOf<P>> {
  return calls(path, ({ path }) => Promise.resolve(prefetch(path))) as Pick<
    Calls<P, void>,
    "GET" & MethodOf<P>
  >;
}

/**
 * The answer the server gives a route it does not have (404 ROUTE_NOT_FOUND), for a caller whose subject has
 * no such route (a screen that does not offer the action for that subject).
 */
export function noSuchRoute(method: string, path: string): Promise<never> {
  const message = `There is no endpoint ${method} /api${path}.`;
  return Promise.reject(new ApiError(message, 404, "ROUTE_NOT_FOUND"));
}

/** `apiFile()` (a download) the same way: `callFile("/auth/export/{id}/download").GET({ params: { id } })`. */
export function callFile<P extends ApiPath>(path: P): Calls<P, ApiFile> {
  return calls(path, ({ path, options }) => apiFile(path, options)) as Calls<P, ApiFile>;
}
