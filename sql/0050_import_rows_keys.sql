-- Imports at scale (issue 36, decision 0089): the dry run finds a key that repeats in the file among the rows it
-- has already staged, by index, instead of holding every key of a 1,000,000-row file in memory.
create index import_rows_key on import_rows (batch_id, natural_key) where natural_key is not null;
create index import_rows_member_number on import_rows (batch_id, (data ->> 'member_number'))
  where data ->> 'member_number' is not null;
