/**
 * What the administrators' desk (api/src/desk/, decision 0049) reads and writes of the notifications table: the
 * lists and counts, the row lock an action holds from its check to its archive, the archive itself and its
 * undoing (reopen).
 */
export {
  archiveNotification,
  countOpenByType,
  countOpenChanges,
  decideAndArchive,
  deleteNotification,
  findNotification,
  listNotifications,
  listPaused,
  listRegistrations,
  lockNotification,
  reopenNotification,
} from "./queries.ts";
export type { NotificationSearch } from "./queries.ts";
