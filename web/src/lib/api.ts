/**
 * The one API client. Every call to the server goes through `api()`:
 * - same-origin cookie session (the HttpOnly cookie is the only credential; no token in JS storage),
 * - JSON in and out,
 * - a 401 sends the user to /login?next=<where they were> (unless the caller opts out, e.g. the login call),
 * - any other non-2xx throws an ApiError carrying the server's `{ error, code, issues }`.
 * Callers show `error.message` in a toast, or per field with `fieldErrors()` from lib/form.ts.
 * `apiFile()` is the same call for downloads (a Blob and its filename instead of JSON).
 */
import { navigate } from "wouter/use-browser-location";
import { session } from "./session.ts";

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as-is when it is FormData (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Default true. False for calls where 401 is an expected answer (login, the session probe). */
  redirectOn401?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` on a charge. */
  headers?: Record<string, string>;
}

// Used only when the server's body has no `error` (a proxy error page, a crash before the error handler).
const FALLBACK_MESSAGES: Record<number, string> = {
  401: "Please log in to continue.",
  403: "You do not have access to this.",
  404: "That could not be found.",
  429: "Too many attempts. Please wait a minute and try again.",
};
const GENERIC_MESSAGE = "Something went wrong. Please try again.";
const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** Calls `/api<path>` and returns the parsed JSON body (undefined for 204). */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await send(path, options, "application/json");
  return await readJson(response) as T;
}

/** A file the server sent, with the name its Content-Disposition gave (or undefined). */
export interface ApiFile {
  blob: Blob;
  filename?: string;
}

/** Calls `/api<path>` for a file (a PDF, a CSV); errors are the same ApiError as `api()` throws. */
export async function apiFile(path: string, options: ApiOptions = {}): Promise<ApiFile> {
  const response = await send(path, options, "*/*");
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get("Content-Disposition")),
  };
}

function attachmentName(disposition: string | null): string | undefined {
  const match = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return match ? match[1] : undefined;
}

/** The request itself: a successful Response, or the ApiError the server's body describes. */
async function send(path: string, options: ApiOptions, accept: string): Promise<Response> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal, redirectOn401 = true } =
    options;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: payload,
      signal,
      credentials: "same-origin",
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(NETWORK_MESSAGE, 0, "NETWORK_ERROR");
  }

  if (response.ok) return response;

  const error = toApiError(response.status, await readJson(response));
  if (response.status === 401 && redirectOn401) sendToLogin();
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const body = (data && typeof data === "object" ? data : {}) as Partial<Record<string, unknown>>;
  const message = typeof body.error === "string" && body.error
    ? body.error
    : FALLBACK_MESSAGES[status] ?? GENERIC_MESSAGE;
  const code = typeof body.code === "string" ? body.code : `HTTP_${status}`;
  const issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
  return new ApiError(message, status, code, issues);
}

/** Forgets the session and goes to /login, remembering the current page so login can come back to it. */
function sendToLogin(): void {
  session.value = null;
  const { pathname, search } = globalThis.location;
  if (pathname === "/login") return;
  navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
}
