/**
 * The public face of users for other domains (decision 0050): whether an account exists, and the one place an
 * account is created. Other domains call these, never users/queries.ts.
 */
export { insertUser, liveUserExists, userExists } from "./queries.ts";
