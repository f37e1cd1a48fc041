-- The header search with a two-letter text (decision 0070, amendment of 2026-12-07). Too short for a trigram, "bo"
-- read the name trigram index's every member with a word starting so (53,806 entries, twice, of a million members)
-- before the sample's limit, and "ma" every company with a word starting so (134,082 entries, twice) to rank them
-- all. Two letters are now answered by b-tree walks that stop after the limit: last names by prefix
-- (users_last_first_c_idx, sql/0039) and, here in the same shape, first names, companies' names and their DBAs.
-- Byte order ("C") so that LIKE 'prefix%' can use them.
create index users_first_last_c_idx on users (lower(first_name) collate "C", lower(last_name) collate "C", id)
  where deleted_at is null;
create index businesses_name_c_idx on businesses (lower(name) collate "C", id)
  where deleted_at is null and is_individual = false;
create index businesses_dba_c_idx on businesses (lower(dba_name) collate "C", id)
  where dba_name is not null and deleted_at is null and is_individual = false;
