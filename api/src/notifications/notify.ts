/**
 * The public face of notifications (decisions 0019 and 0049): the one writer, `notify()`, and the few marks
 * other domains put on the notifications they wrote, each inside the caller's transaction. notifications/ is a
 * leaf: it knows no domain; its SQL stays in its queries.ts.
 */
export { decideChange, markOrderCancelled, markPausesResumed, notify } from "./queries.ts";
