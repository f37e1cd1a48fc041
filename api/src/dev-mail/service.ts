/** The development mailbox: the one service both routes call (decision 0052). */
import type { Deps } from "../lib/context.ts";
import { attachmentFile, latestMail } from "./queries.ts";

export const mailbox = (deps: Pick<Deps, "database">) => latestMail(deps.database.db);

/** One attachment of a recorded e-mail, or undefined. */
export const attachment = (deps: Pick<Deps, "database">, id: number) => attachmentFile(deps.database.db, id);
