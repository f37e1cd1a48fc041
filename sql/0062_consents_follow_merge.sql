-- Decision 0092 (amended) and 0080: a consent given to a person by e-mail follows that person when their account
-- is merged into another (the closed account's address is freed, so the e-mail alone would name nobody). The
-- signed e-mail stays as it was signed; the account the named person now holds is recorded beside it.
alter table consents add column recipient_user_id integer references users (id) on delete set null;
create index consents_recipient_user_idx on consents (recipient_user_id) where recipient_user_id is not null;
