/** The development mailbox: the one service both routes call (decision 0052). */
import type { Deps } from "../lib/context.ts";
import { latestMail } from "./queries.ts";

export const mailbox = (deps: Pick<Deps, "database">) => latestMail(deps.database.db);
