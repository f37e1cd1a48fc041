-- Random pools an auditor can re-run (docs/decisions/0033-random-pools.md, 46 CFR 16.230).
-- The seed is drawn when the pool is created and only its SHA-256 commitment is shown until the draw; the
-- snapshot (random_candidates rows) is fingerprinted so that verify notices a changed snapshot.
alter table random_pools
  add column commitment text check (commitment is null or commitment ~ '^[0-9a-f]{64}$'),
  add column snapshot_sha256 text check (snapshot_sha256 is null or snapshot_sha256 ~ '^[0-9a-f]{64}$'),
  add column snapshot_at timestamptz,
  add column drawn_at timestamptz,
  -- The monthly number the yearly rate asked for at the draw (the first target_count positions are selected).
  add column target_count integer check (target_count is null or target_count >= 0),
  add column pdf_ready_count integer not null default 0 check (pdf_ready_count >= 0),
  add constraint random_pools_seed_after_commitment check (seed is null or commitment is not null);

-- An exempt candidate keeps the test that was ordered for it (cancelled), so the link is no longer forbidden.
alter table random_candidates drop constraint if exists random_candidates_check1;
alter table random_candidates
  add constraint random_candidates_test_of_selected check (drug_test_id is null or selected or exempt),
  add column exempt_at timestamptz,
  add column exempted_by_user_id integer references users (id) on delete set null,
  -- A selected member who cannot be tested is replaced by the next alternate in draw order, with the reason.
  add column substitution_reason text check (substitution_reason is null or btrim(substitution_reason) <> ''),
  add column substituted_at timestamptz,
  add column replaces_candidate_id integer references random_candidates (id),
  add column pdf_document_id integer references documents (id) on delete set null;
create index random_candidates_selected_idx on random_candidates (pool_id) where selected;

-- The snapshot itself: the covered members' user ids in ascending order (the draw's input) and, at the same
-- index, the business each is tested through (0 for none: a NULL inside an int[] does not survive postgres.js). One row per pool (an array, not 250,000 rows: the build stays
-- within its time); random_candidates then holds only the drawn positions (the selection and the alternates).
create table random_snapshots (
  pool_id integer primary key references random_pools (id) on delete cascade,
  user_ids integer[] not null,
  business_ids integer[] not null check (array_position(business_ids, null) is null),
  created_at timestamptz not null default now(),
  check (cardinality(user_ids) = cardinality(business_ids))
);
