/**
 * Where to go after login. Only same-site paths are accepted: `?next=https://evil.example` or
 * `?next=//evil.example` must never turn the login page into an open redirect.
 */
export function safeNext(next: string | null | undefined, fallback = "/app"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
