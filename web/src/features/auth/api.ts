/** Session calls: who is signed in, log in, log out. All of them keep lib/session.ts's signal current. */
import type { LoginRequest, SessionUser } from "@api/contract";
import { navigate } from "wouter/use-browser-location";
import { ApiError } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import { call } from "../../lib/typed-api.ts";
import { forgetUser, hasIndexedDb, rememberedUser, rememberUser } from "../../offline/db.ts";

let pending: Promise<SessionUser | null> | null = null;

/**
 * Asks the server who is signed in, once; concurrent callers share the request. The probe answers `null` for
 * a visitor instead of a 401, so an anonymous visit to a public page logs no browser error.
 * Without a network (a cold start at sea) the user last signed in on this device stands in, so their saved
 * screens open; the server still decides everything once the network is back (queued changes that meet an
 * ended session wait for a new sign-in).
 */
export function ensureSession(): Promise<SessionUser | null> {
  if (session.value !== undefined) return Promise.resolve(session.value);
  pending ??= call("/auth/session/probe").GET({ redirectOn401: false })
    .then(({ user }) => {
      if (user) void remember(user);
      return (session.value = user);
    }, async (error) => {
      const saved = error instanceof ApiError && error.status === 0 && hasIndexedDb()
        ? await rememberedUser().catch(() => null)
        : null;
      if (!saved) throw error;
      return (session.value = saved);
    })
    .finally(() => (pending = null));
  return pending;
}

/** Remembers the user for offline starts and asks the browser to keep this site's storage (issue 5). */
async function remember(user: SessionUser): Promise<void> {
  if (!hasIndexedDb()) return;
  await rememberUser(user).catch(() => undefined);
  await navigator.storage?.persist?.().catch(() => false);
}

/** Logs in. The answer's token is deliberately dropped: the HttpOnly cookie set by the server is the session. */
export async function logIn(credentials: LoginRequest): Promise<SessionUser> {
  const { user } = await call("/login").POST({ body: credentials, redirectOn401: false });
  session.value = user;
  void remember(user);
  return user;
}

/**
 * Ends the session on the server (an already expired session, 401, counts as signed out), deletes what was
 * saved on this device for offline use (including queued changes: the layout asks first), then goes to
 * /login. The location changes before the signal so the app shell's guard never sees "signed out" on an
 * /app page and adds its own ?next= redirect.
 */
export async function signOut(): Promise<void> {
  try {
    await call("/logout").POST({ redirectOn401: false });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  const userId = session.value?.user_id;
  if (userId !== undefined && hasIndexedDb()) {
    // Another tab holding the database open must not keep the member from signing out.
    const sleep = new Promise((resolve) => setTimeout(resolve, 2000));
    await Promise.race([forgetUser(userId).catch(() => undefined), sleep]);
  }
  navigate("/login");
  session.value = null;
}
