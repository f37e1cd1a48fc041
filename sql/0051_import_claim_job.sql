-- Imports at scale (issue 36, decision 0089): the "claim your account" e-mails go out from a job, not in the
-- request; the batch counts how many were asked for (claim_total) beside how many went (claim_sent_count).
alter table import_batches add column claim_total integer not null default 0 check (claim_total >= 0);
update import_batches set claim_total = claim_sent_count;
