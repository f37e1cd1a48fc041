/** What a member's move between two companies does to their tests (decision 0065); employees/ asks it. */
export { moveUnplacedTests } from "./queries.ts";
