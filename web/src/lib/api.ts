/**
 * The one API client. Every call to the server goes through `api()`:
 * - same-origin cookie session (the HttpOnly cookie is the only credential; no token in JS storage),
 * - JSON in and out,
 * - a 401 sends the user to /login?next=<where they were> (unless the caller opts out, e.g. the login call),
 * - any other non-2xx throws an ApiError carrying the server's `{ error, code, issues }`.
 * Callers show `error.message` in a toast, or per field with `fieldErrors()` from lib/form.ts.
 * `apiFile()` is the same call for downloads (a Blob and its filename instead of JSON).
 * `prefetch()` starts a GET early (while the screen that needs it is still loading its code); the screen's own
 * `api()` call of the same path then takes that answer instead of asking again.
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

/** How long an early answer waits for its screen: past that it is dropped and the screen asks again. */
const PREFETCH_KEPT_MS = 10_000;
const early = new Map<string, { response: Promise<Response>; started: number }>();

/**
 * Starts `GET /api<path>` now, for a screen about to ask for it (app/preload.ts: the dashboard's data while
 * the dashboard's code is still on its way, Lighthouse /app). The first `api()` GET of exactly this path within
 * PREFETCH_KEPT_MS takes the answer (once); after that, or if nobody asks, it is forgotten. It is the same
 * request the screen makes, only started sooner, so the screen still shows only what it loaded for itself.
 */
export function prefetch(path: string): void {
  if (early.has(path)) return;
  const response = fetch(`/api${path}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  response.catch(() => undefined); // Unclaimed, a failure must not be an unhandled rejection.
  early.set(path, { response, started: performance.now() });
  setTimeout(() => early.delete(path), PREFETCH_KEPT_MS);
}

/** The early answer of `path`, taken (once) by a plain GET; null when there is none or it is too old. */
function takeEarly(path: string, method: string, accept: string, options: ApiOptions) {
  const found = early.get(path);
  if (!found || method !== "GET" || accept !== "application/json" || options.headers) return null;
  early.delete(path);
  if (performance.now() - found.started > PREFETCH_KEPT_MS) return null;
  const { signal } = options;
  if (!signal) return found.response;
  // The screen may still abandon it (it unmounted): abort as its own fetch would.
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    found.response.then(resolve, reject);
  });
}

/**
 * Confirms the second factor where the user is (a dialog over the screen) and answers whether they did; set by
 * the signed-in shell. Without one, a step-up goes to the second-factor page as every other second-factor
 * answer does.
 */
export type StepUpInPlace = () => Promise<boolean>;
let stepUpInPlace: StepUpInPlace | null = null;

/** Sets (or clears, with null) how a stepped-up action is confirmed in place. */
export function confirmStepUpsWith(handler: StepUpInPlace | null): void {
  stepUpInPlace = handler;
}

/**
 * The request itself: a successful Response, or the ApiError the server's body describes. A sensitive action
 * refused for want of a fresh second factor (STEP_UP_REQUIRED) is confirmed in place and sent once more, the
 * same request, so nothing the user typed is lost (decision 0043); cancelled, it fails with the server's words.
 */
async function send(path: string, options: ApiOptions, accept: string, retried = false): Promise<Response> {
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
    response = await (takeEarly(path, method, accept, options) ?? fetch(`/api${path}`, {
      method,
      headers,
      body: payload,
      signal,
      credentials: "same-origin",
    }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(NETWORK_MESSAGE, 0, "NETWORK_ERROR");
  }

  if (response.ok) return response;

  const error = toApiError(response.status, await readJson(response));
  if (response.status === 401 && redirectOn401) sendToLogin();
  if (response.status === 403 && error.code === "STEP_UP_REQUIRED" && stepUpInPlace) {
    // Once: refused again right after a confirmation, the error is the answer (never a loop of dialogs).
    if (!retried && await stepUpInPlace()) return await send(path, options, accept, true);
    throw error;
  }
  if (response.status === 403 && SECOND_FACTOR_CODES.has(error.code)) sendToSecondFactor(error.code);
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

/**
 * The server's answers that mean "confirm the second factor first" (decision 0043): a session that has not
 * set it up or confirmed it yet, or a sensitive action after the step-up time.
 */
const SECOND_FACTOR_CODES = new Set([
  "SECOND_FACTOR_REQUIRED",
  "SECOND_FACTOR_ENROLMENT_REQUIRED",
  "STEP_UP_REQUIRED",
]);

/** Goes to the second-factor step, which comes back here afterwards. */
function sendToSecondFactor(code: string): void {
  const { pathname, search } = globalThis.location;
  if (pathname.startsWith("/login")) return;
  const stepUp = code === "STEP_UP_REQUIRED" ? "&step-up=1" : "";
  navigate(`/login/second-factor?next=${encodeURIComponent(pathname + search)}${stepUp}`);
}

/** Forgets the session and goes to /login, remembering the current page so login can come back to it. */
function sendToLogin(): void {
  session.value = null;
  const { pathname, search } = globalThis.location;
  if (pathname === "/login") return;
  navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
}
