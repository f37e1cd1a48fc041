/** What the retention schedule asks of drug tests (decision 0091): the due rows, anonymised or removed. */
export { anonymiseDrugTests, type DrugTestRetentionKind, dueDrugTests, removeDrugTests } from "./queries.ts";
