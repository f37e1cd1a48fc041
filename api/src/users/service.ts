/**
 * The public face of users for other domains (decision 0050): whether an account exists, the one place an
 * account is created (`insertUser`, with its member number) and the one place a password hash is set
 * (`setPasswordHash`, for password-reset). Other domains call these, never users/queries.ts.
 */
export { insertUser, liveEmails, liveUserExists, setPasswordHash, userExists } from "./queries.ts";

/** A member number that reads well on a Letter of Compliance: M-000042. */
export const memberNumber = (userId: number) => `M-${String(userId).padStart(6, "0")}`;
