/** What the retention schedule asks of random pools (decision 0091): the due pools, removed. */
export { duePools, removePools } from "./queries.ts";
