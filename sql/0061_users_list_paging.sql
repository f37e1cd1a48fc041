-- The administrators' users list at a million members (issue 39, decision 0096): its total counted every live
-- user from the heap (440 ms) and a deep page or a name sort walked the heap row by row (775 ms for page
-- 27,000). Partial indexes of the live users in each list order, with the id that breaks ties, let the total
-- be an index-only count and the page's ids be found in the index before the 20 rows are read (users/queries.ts
-- listUsers pages by id first).
create index users_live_id_idx on users (id) where deleted_at is null;
create index users_live_last_name_idx on users (last_name, id) where deleted_at is null;
create index users_live_first_name_idx on users (first_name, id) where deleted_at is null;

-- Deleting a built random pool (its candidates cascade) checked each candidate's replacements by reading every
-- candidate: 25,044 candidates among 1,290,000 ran for over nine minutes before it was cancelled. Indexed, the
-- check is a probe.
create index random_candidates_replaces_idx on random_candidates (replaces_candidate_id)
  where replaces_candidate_id is not null;
