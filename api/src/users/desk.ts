/**
 * What the administrators' desk (api/src/desk/, decisions 0049 and 0050) calls of users: an approved change of a
 * member's details and the check that its e-mail is still free; the user page's reads and writes of the account
 * itself (desk/users-*.ts); the deletion of an account (users' part of it). The desk writes no table itself; it
 * calls these inside its one transaction.
 */
export {
  applyUserChange,
  clearScheduledDeletion,
  contactOf,
  countAdmins,
  dueAccountDeletions,
  emailInUse,
  emailUsedByOther,
  findSafetyLetter,
  findUserRowFor,
  listDuplicates,
  listUsers,
  liveLinkExists,
  lockUser,
  minimiseAccount,
  primaryLinkExists,
  runningMemberships,
  setAdmin,
  setPasswordHash,
  toUserRecord,
  updateProfile,
  userFacts,
} from "./queries.ts";
