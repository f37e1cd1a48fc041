-- The registrations list (issue 12) offers 'Review employee request' while an employee request waits that the
-- registration brought: one the registered member filed as an owner, or one naming them (possible_user_id).
-- Each registration row looks its request up by these two partial indexes (a BitmapOr), never by a scan.
create index employee_requests_owner_pending_idx on employee_requests (owner_user_id) where status = 'pending';
create index employee_requests_possible_pending_idx on employee_requests (possible_user_id)
  where status = 'pending';
