-- The notification center searched by a common name at a million members (decision 0096, amendment of
-- 2026-12-07; notifications/queries.ts matchingUsers and listSearchCondition). The matches are unchanged; these
-- let the query find them without the name trigram index and without probing each notification twice.
-- "if not exists": the million-member bench database had them applied by hand before this file was recorded.

-- A name search with one space ("maria garcia"): a member whose first and last names hold no space holds the text
-- across the space between them, so their first name ends with the words before the text's space and their last
-- name begins with the words after it. Reversed, the first name's ending is a prefix: one range of this b-tree,
-- answered from the index alone (the names are included so that the LIKE checks read them there). Every user, as
-- the search finds deleted accounts too. Byte order ("C") so that LIKE 'prefix%' can use it.
create index if not exists users_name_parts_c_idx
  on users (reverse(lower(first_name)) collate "C", lower(last_name) collate "C")
  include (id, first_name, last_name);

-- The few members with a space in their first or last name ("Rosa Maria", "De la Cruz"), who may hold the text
-- elsewhere: the name trigram index of sql/0039 for them alone.
create index if not exists users_spaced_name_trgm_idx
  on users using gin (lower(first_name || ' ' || last_name) gin_trgm_ops)
  where first_name like '% %' or last_name like '% %';

-- Who triggered a notification is searched only where it is not the member the notification is about: where it
-- is (a member's own registration, change or cancellation, most of them), the member's probe finds it already.
create index if not exists notifications_other_trigger_idx on notifications (trigger_user_id)
  where trigger_user_id is not null and trigger_user_id is distinct from user_id;
