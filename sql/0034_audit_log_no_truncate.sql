-- Issue 24 item 6 (docs/decisions/0062-audit-history.md): the append-only guard of sql/0030 is a row trigger,
-- which TRUNCATE does not fire: one statement could still empty the log. A statement trigger refuses it too.
create function audit_log_no_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log rows are never changed or deleted' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_no_truncate();
