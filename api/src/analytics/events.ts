/**
 * The analytics event other domains record inside their own transaction (analytics owns `analytics_events`,
 * decision 0046): registration records `registration_completed` when the wizard is paid for.
 */
export { recordEvent } from "./queries.ts";
