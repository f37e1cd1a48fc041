-- Random pool snapshots record, per covered member, the business their random test goes through by the one
-- rule (api/src/drug-tests/test-business.ts): the company that pays for the membership, else the member's
-- own primary business, else their first current one (docs/decisions/0033-random-pools.md, amended 2026-11-26).
-- Snapshots written before this migration (business_rule 1) hold the paying company only, 0 for a member who
-- pays for themselves; ordering resolves those members' business as it is at the order. The business is not
-- an input of the draw nor of the snapshot's fingerprint, so every earlier pool verifies exactly as before.
alter table random_snapshots
  add column business_rule smallint not null default 1 check (business_rule in (1, 2));
comment on column random_snapshots.business_rule is
  '1: business_ids hold the paying company only (0 for self-paying members); 2: the paying company, else the member''s own primary business (0 only for a member with no business)';
