/**
 * The documents' store as other domains file into it (decision 0051): compliance files the Letters of
 * Compliance, randoms the candidates' notices and withdraws them. Only documents writes the table (decision
 * 0046); it knows no other domain, so it stands low in the layers and every domain that files may call it.
 */
export {
  deleteDocument,
  insertLetter as storeLetter,
  insertRandomNotice as storeRandomNotice,
} from "./queries.ts";
