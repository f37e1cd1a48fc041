-- The release of a random pool (docs/decisions/0033-random-pools.md, 46 CFR 16.230(g): selections unannounced).
-- Until an administrator releases an ordered pool, its selections are seen by administrators only: no DER, no
-- member (their own random test included). Released once, by one administrator, and never taken back.
alter table random_pools
  add column released_at timestamptz,
  add column released_by_user_id integer references users (id) on delete set null,
  add constraint random_pools_released_after_order check (released_at is null or ordered_at is not null);
-- A DER's company screen lists its employees' selections by business.
create index random_candidates_business_idx on random_candidates (business_id) where selected;
