/** Product analytics: the one service the route calls (decision 0052). */
import type { z } from "zod";
import type { Deps } from "../lib/context.ts";
import { recordEvent } from "./queries.ts";
import type { AnalyticsEventBody } from "./schemas.ts";

export async function recordAnalyticsEvent(
  deps: Pick<Deps, "database" | "now">,
  userId: number,
  event: z.infer<typeof AnalyticsEventBody>,
) {
  await recordEvent(deps.database.db, {
    name: event.name,
    props: event.props ?? {},
    user_id: userId,
    created_at: deps.now(),
  });
}
