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
