/** Session calls: who is signed in, log in, log out. All of them keep lib/session.ts's signal current. */
import { navigate } from "wouter/use-browser-location";
import { api, ApiError } from "../../lib/api.ts";
import { session, type SessionUser } from "../../lib/session.ts";
import type { LoginInput } from "./schemas.ts";

interface LoginAnswer {
  token: string;
  user: SessionUser;
}

let pending: Promise<SessionUser | null> | null = null;

/**
 * Asks the server who is signed in, once; concurrent callers share the request. The probe answers `null` for
 * a visitor instead of a 401, so an anonymous visit to a public page logs no browser error.
 */
export function ensureSession(): Promise<SessionUser | null> {
  if (session.value !== undefined) return Promise.resolve(session.value);
  pending ??= api<{ user: SessionUser | null }>("/auth/session/probe", { redirectOn401: false })
    .then(({ user }) => (session.value = user))
    .finally(() => (pending = null));
  return pending;
}

/** Logs in. The answer's token is deliberately dropped: the HttpOnly cookie set by the server is the session. */
export async function logIn(credentials: LoginInput): Promise<SessionUser> {
  const { user } = await api<LoginAnswer>("/login", { body: credentials, redirectOn401: false });
  session.value = user;
  return user;
}

/**
 * Ends the session on the server (an already expired session, 401, counts as signed out), then goes to
 * /login. The location changes before the signal so the app shell's guard never sees "signed out" on an
 * /app page and adds its own ?next= redirect.
 */
export async function signOut(): Promise<void> {
  try {
    await api<void>("/logout", { method: "POST", redirectOn401: false });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  navigate("/login");
  session.value = null;
}
