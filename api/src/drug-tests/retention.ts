/** What the retention schedule asks of drug tests (decision 0091): the due rows, anonymised or removed. */
export {
  anonymiseDrugTests,
  dueDrugTests,
  type DrugTestRetentionKind,
  removeDrugTests,
} from "./queries.ts";
