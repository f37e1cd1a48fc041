/**
 * Security headers on every answer, computed once at start from what the page may load: our own origin only,
 * plus Google's reCAPTCHA or Stripe.js when those adapters are configured. Setting a prepared list in one
 * pass costs a fraction of building it per request. API answers are personal unless a route says otherwise
 * (the public keys set their own max-age), so every /api answer without a Cache-Control of its own gets
 * `no-store`: no shared cache or back-forward cache keeps a session token or a member's record.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

export interface ThirdParties {
  recaptcha: boolean;
  stripe: boolean;
}

export function contentSecurityPolicy(third: ThirdParties): string {
  const script = ["'self'"];
  const frame: string[] = [];
  const connect = ["'self'"];
  if (third.recaptcha) {
    script.push("https://www.google.com", "https://www.gstatic.com");
    frame.push("https://www.google.com", "https://recaptcha.google.com");
  }
  if (third.stripe) {
    script.push("https://js.stripe.com");
    frame.push("https://js.stripe.com", "https://hooks.stripe.com");
    connect.push("https://api.stripe.com");
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    // React and the UI kit set style attributes; no third-party stylesheets are loaded.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.length ? frame.join(" ") : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers no answer goes without, not even the liveness probe that runs before every middleware: no
 * content sniffing, no referrer beyond our origin, never framed.
 */
export const BASELINE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cache-Control": "no-store",
} as const;

/** The policy's headers, in the order every answer carries them (the bench's raw endpoints send the same). */
export function securityHeaderList(third: ThirdParties): [string, string][] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(third)],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", BASELINE_HEADERS["Referrer-Policy"]],
    ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
    ["X-Content-Type-Options", BASELINE_HEADERS["X-Content-Type-Options"]],
    ["X-Frame-Options", BASELINE_HEADERS["X-Frame-Options"]],
    // Geolocation for our own pages only: the collection-site finder's "Use my location" (decision 0072).
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)"],
  ];
}

export function securityHeaders(third: ThirdParties): MiddlewareHandler<AppEnv> {
  const headers = securityHeaderList(third);
  const lowerNames = headers.map(([name]) => name.toLowerCase());
  return async (c, next) => {
    await next();
    const target = c.res.headers;
    // A route may set its own policy (the API docs page has one with a nonce); it keeps it. The answer's own
    // names are read in one pass: a `has` per header scanned (and lower-cased) the whole list each time, and
    // Deno validates every name and value again on each call.
    const own = new Set<string>();
    target.forEach((_, name) => own.add(name));
    for (let i = 0; i < headers.length; i++) {
      if (!own.has(lowerNames[i])) target.append(headers[i][0], headers[i][1]);
    }
    if (!own.has("cache-control") && c.req.path.startsWith("/api/")) {
      target.append("Cache-Control", BASELINE_HEADERS["Cache-Control"]);
    }
  };
}
