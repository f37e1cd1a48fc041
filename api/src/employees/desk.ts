/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of employees: its employee requests and a company's links to its people (business_users). The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export {
  batchRequests,
  employeeRequestByNotification,
  findRequestBatch,
  isLinked,
  liveUser,
  lockEmployeeRequest,
  rejectEmployeeRequest,
  resolveEmployeeRequest,
  userIdByEmail,
  usersNamed,
} from "./queries.ts";
export { rankedCandidates } from "./candidates.ts";
/** The links themselves are written by their owner, businesses (decision 0046). */
export { insertBusinessUser } from "../businesses/writes.ts";
export { batchRecord } from "./crew-list.ts";
