-- Issue 37 (docs/decisions/0082-office-tools-reopen-filters-move.md): the users list's filters, measured on the
-- 250,000-member scale data set. Each index is on the very condition users/queries.ts listUsers writes.

-- Joined between (and the list sorted by when users joined): a range of days is an index range, counted from
-- the index alone, instead of a scan of every user.
create index users_joined_idx on users (created_at, id) where deleted_at is null;

-- Role: administrators and DERs are few among the members; each list is a walk of its own small index.
create index users_admin_idx on users (id) where is_admin and deleted_at is null;
create index users_der_idx on users (id) where is_der and deleted_at is null;

-- Membership status: the filter reads each user's current membership (is_current, kept by the trigger of
-- sql/0021); one entry per member with a membership, a third of all membership rows at scale.
create index memberships_current_user_idx on memberships (user_id) where is_current;
