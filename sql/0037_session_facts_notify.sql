-- Issue 27 (docs/decisions/0068-session-cache.md): each API process keeps the answer of the session check for a
-- few seconds. Every committed write that can change that answer notifies channel session_facts, and each
-- process (LISTEN on PostgreSQL, PGlite's listen embedded) drops its whole cache when told. Statement-level
-- triggers: one notification per statement (and PostgreSQL folds equal ones per transaction), sent at commit.
-- What the session check reads (auth/queries.ts activeSessionQuery): sessions.revoked_at, expires_at,
-- second_factor_at; users.is_admin, is_der, first_name, last_name, deleted_at; whether user_second_factors has
-- a row. password_hash is listed as well: a password change must never leave a cached session behind.
create function notify_session_facts() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_facts', '');
  return null;
end
$$;

create trigger sessions_facts_changed
  after update of revoked_at, expires_at, second_factor_at, user_id or delete on sessions
  for each statement execute function notify_session_facts();
create trigger sessions_facts_truncated after truncate on sessions
  for each statement execute function notify_session_facts();

create trigger users_facts_changed
  after update of is_admin, is_der, first_name, last_name, deleted_at, password_hash or delete on users
  for each statement execute function notify_session_facts();
create trigger users_facts_truncated after truncate on users
  for each statement execute function notify_session_facts();

create trigger second_factors_changed
  after insert or delete or update of user_id on user_second_factors
  for each statement execute function notify_session_facts();
create trigger second_factors_truncated after truncate on user_second_factors
  for each statement execute function notify_session_facts();
