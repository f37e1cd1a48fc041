-- A Letter of Compliance is issued once per distinct content and then reused (docs/decisions/0017): the
-- download is a GET, which must be safe, so repeating it (or a link on another site causing it) must not add a
-- document row per call. content_key is the SHA-256 (hex) of what the letter states: the member, their name and
-- member number, the covering membership and its coverage, the signing key and the issue day.
alter table documents add column content_key text check (content_key is null or content_key ~ '^[0-9a-f]{64}$');
create unique index documents_user_content_key on documents (user_id, content_key) where content_key is not null;
