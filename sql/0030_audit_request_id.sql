-- Issue 26 item 3 (docs/decisions/0044-audit-and-limits.md): every audit row names the request that wrote it,
-- and the log is append-only. The application inserts rows and never changes or deletes one; the database
-- holds that. The one change allowed is the foreign key's own: deleting a user sets actor_user_id to null.
alter table audit_log add column request_id text;
create index audit_log_request_idx on audit_log (request_id) where request_id is not null;

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
    and new.actor_user_id is null and old.actor_user_id is not null
    and (new.id, new.action, new.entity, new.entity_id, new.detail, new.ip, new.created_at, new.request_id)
      is not distinct from
        (old.id, old.action, old.entity, old.entity_id, old.detail, old.ip, old.created_at, old.request_id)
  then
    return new;
  end if;
  raise exception 'audit_log rows are never changed or deleted' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();
