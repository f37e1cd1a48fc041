-- The administrators' desk (issue 12): counting the open queue and finding possible duplicate companies.

-- The center's badges count open notifications by type. notifications_type_open_idx (type, id) where
-- archived_at is null (sql/0006) already answers them from the index alone; the registrations list walks
-- the open REGISTRATION rows newest first through the same index.

-- How two company names compare: lower case, punctuation and spacing gone, a leading 'the' and trailing legal
-- suffixes (LLC, Inc, Corp, Co, Ltd, ...) dropped. 'Gulf Coast Towing, L.L.C.' and 'gulf coast towing' meet.
create function apca_company_key(name text) returns text
language sql immutable parallel safe strict as $$
  select nullif(replace(regexp_replace(regexp_replace(
    btrim(regexp_replace(lower(replace(name, '.', '')), '[^a-z0-9]+', ' ', 'g')),
    '^the ', ''),
    '( (llc|inc|incorporated|corp|corporation|co|company|ltd|limited|lp|llp|pllc|plc))+$', ''), ' ', ''), '')
$$;

-- The digits of a tax id or telephone number, whatever punctuation they were typed with (null when none).
create function apca_digits(value text) returns text
language sql immutable parallel safe strict as $$
  select nullif(regexp_replace(value, '[^0-9]', '', 'g'), '')
$$;

-- One btrim(lower()) form of an e-mail address.
create function apca_email_key(value text) returns text
language sql immutable parallel safe strict as $$
  select nullif(btrim(lower(value)), '')
$$;

-- Duplicate detection looks a submitted company up by each key: four index probes, never a scan of the
-- businesses (pg_trgm is not available on PGlite, so similarity is by normalised equality).
create index businesses_company_key_idx on businesses (apca_company_key(name)) where deleted_at is null;
create index businesses_tax_digits_idx on businesses (apca_digits(tax_id)) where deleted_at is null;
create index businesses_phone_digits_idx on businesses (apca_digits(phone)) where deleted_at is null;
create index businesses_email_key_idx on businesses (apca_email_key(email)) where deleted_at is null;

-- The paused list shows open pauses first by membership pause; its rows are few, the type index serves it.
-- Employee and company requests are found by their notification (unique already, sql/0006).
