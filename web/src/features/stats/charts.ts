/** The five charts of the analytics screen, each loaded by a typed call to its stats route (decision 0047). */
import { call } from "../../lib/typed-api.ts";
import {
  type ChartSpec,
  companyData,
  consortiumData,
  decompositionData,
  oneTimeData,
  randomsData,
} from "./series.ts";

export const CHARTS: ChartSpec[] = [
  {
    id: "randoms",
    title: "Random Drug Tests",
    load: (query, signal) => call("/auth/stats/randoms").GET({ query, signal }).then(randomsData),
  },
  {
    id: "consortium",
    title: "Consortium Membership",
    load: (query, signal) =>
      call("/auth/stats/memberships/consortium").GET({ query, signal }).then(consortiumData),
  },
  {
    id: "decomposition",
    title: "Membership Decomposition",
    load: (query, signal) =>
      call("/auth/stats/memberships/decomposition").GET({ query, signal }).then(decompositionData),
  },
  {
    id: "one-time",
    title: "One Time Drug Test",
    load: (query, signal) => call("/auth/stats/one-time").GET({ query, signal }).then(oneTimeData),
  },
  {
    id: "company",
    title: "Company Breakdown",
    // Issue 37: 4 companies here under an "Active Companies 3" tile, with no word on the difference.
    note:
      "Every company on the books at each month's end, active or not (a company made inactive, for unpaid " +
      "dues say, still counts until it is deleted); the Active Companies figure of the overview counts only " +
      "the active ones.",
    load: (query, signal) => call("/auth/stats/company-breakdown").GET({ query, signal }).then(companyData),
  },
];
