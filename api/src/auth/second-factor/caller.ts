/** What the second-factor routes share: the caller as the service sees it, and documentation pieces. */
import type { Context } from "hono";
import { clientIp } from "../sessions.ts";
import { caller } from "../../lib/access.ts";
import type { AppEnv } from "../../lib/context.ts";
import type { Caller } from "./service.ts";

export const TAGS = ["Second factor"];

export const STEP_UP = {
  403: "STEP_UP_REQUIRED: confirm the second factor again (it is older than the step-up setting)",
};

export function callerOf(c: Context<AppEnv>): Caller {
  const { deps } = c.var;
  return {
    deps,
    user: caller(c),
    ip: clientIp(c),
    origin: deps.config.webauthnOrigin ?? deps.config.publicUrl,
  };
}
