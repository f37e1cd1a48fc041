/**
 * The server's own secrets, kept in app_secrets (owned by auth, decision 0046): the session HMAC key
 * (tokens.ts) and the Letter of Compliance signing keys (compliance/signing.ts) are kept through these.
 * The first writer of a name wins, so instances starting together agree on one value.
 */
export { keepSecret, secretsNamed } from "./queries.ts";
