-- Issue 24 item 4 (docs/decisions/0070-admin-search.md): the administrators' header search finds users, companies
-- and orders as they type, with PostgreSQL's own trigram search. pg_trgm ships with PostgreSQL (a trusted
-- extension since 13) and with PGlite 0.4 (db/client.ts loads it). Each index is on the very expression the
-- search (and the notification center's search, notifications/queries.ts) filters on, so a substring match
-- (`like '%…%'`) or a prefix (`like '…%'`) is an index probe, not a scan of 250,000 rows.
create extension if not exists pg_trgm;

create index users_name_trgm_idx on users using gin (lower(first_name || ' ' || last_name) gin_trgm_ops);
create index users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops);
create index users_member_number_trgm_idx on users using gin (lower(member_number) gin_trgm_ops);
create index users_phone_digits_trgm_idx on users using gin (apca_digits(phone) gin_trgm_ops);
create index users_uscg_cred_trgm_idx on users using gin (lower(uscg_cred) gin_trgm_ops);

create index businesses_name_trgm_idx on businesses using gin (lower(name) gin_trgm_ops);
create index businesses_dba_trgm_idx on businesses using gin (lower(coalesce(dba_name, '')) gin_trgm_ops);
create index businesses_tax_digits_trgm_idx on businesses using gin (apca_digits(tax_id) gin_trgm_ops);

create index orders_number_trgm_idx on orders using gin (lower(number) gin_trgm_ops);

-- Last names by prefix in alphabetical order (the search's "starts with" branch): a b-tree walk that stops after
-- a few rows, however many members share the name. Byte order ("C") so that LIKE 'prefix%' can use it.
create index users_last_first_c_idx on users (lower(last_name) collate "C", lower(first_name) collate "C", id)
  where deleted_at is null;

-- The notification center's search (notifications/queries.ts searchCondition) reads one union of ids, each branch
-- an index probe: by the member, the user who triggered it, the company, and the person, e-mail or order number
-- the notification's meta names.
create index notifications_trigger_user_idx on notifications (trigger_user_id) where trigger_user_id is not null;
create index notifications_meta_person_trgm_idx on notifications using gin (
  lower(coalesce(meta->'user'->>'first_name', '') || ' ' || coalesce(meta->'user'->>'last_name', '')) gin_trgm_ops);
create index notifications_meta_email_trgm_idx on notifications using gin (
  lower(coalesce(meta->'user'->>'email', '')) gin_trgm_ops);
create index notifications_meta_order_number_idx on notifications (lower(coalesce(meta->>'order_number', '')));
-- Its date range, newest first within a category: one index for the open lists and one for the archived, so a
-- count of a range is an index-only scan.
create index notifications_type_created_open_idx on notifications (type, created_at desc, id desc)
  where archived_at is null;
create index notifications_type_created_archived_idx on notifications (type, created_at desc, id desc)
  where archived_at is not null;
