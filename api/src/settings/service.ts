/** Public prices: the one service the route calls (decision 0052). */
import type { Deps } from "../lib/context.ts";
import { getPrices } from "./queries.ts";

export const currentPrices = (deps: Pick<Deps, "database">) => getPrices(deps.database.db);
