-- Issue 37 (docs/decisions/0080-account-merge.md): an administrator merges two accounts of one person. The
-- account that is closed keeps its row (the records the law keeps that stay with it, such as the random draws'
-- candidates, stay attributable) and says which account it was merged into; the kept account's History reads
-- the closed account's rows too.
alter table users add column merged_into_user_id integer references users (id);
alter table users add constraint users_merged_not_self check (merged_into_user_id is null or merged_into_user_id <> id);
alter table users add constraint users_merged_is_closed check (merged_into_user_id is null or deleted_at is not null);
create index users_merged_into_idx on users (merged_into_user_id) where merged_into_user_id is not null;
