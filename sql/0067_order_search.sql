-- The header search's orders (decision 0070, second amendment of 2026-12-07). A text that every order number
-- holds ("ap", "apca-") made the trigram index return all 2.2 million orders of a million members, which were
-- read and sorted (2.8 s). The search now ranks bounded candidates: the exact number or its digits (probes of
-- these two indexes), the newest orders (a walk of the primary key), the numbers that start with the text (a
-- range of the first index read backwards) and, only when those find too few, the numbers that hold the typed
-- digits (the trigram index of sql/0039). lower(number collate "C"): byte order, so that a prefix is a range of
-- the index, and ASCII lower-casing (numbers are "APCA-<n>"), several times cheaper than the locale's.
create index orders_number_c_idx on orders (lower(number collate "C"), id);
create index orders_number_digits_idx on orders (apca_digits(number));
