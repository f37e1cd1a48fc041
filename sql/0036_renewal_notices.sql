-- Issue 25 item 1 (docs/decisions/0063-receipts-and-renewal-notices.md): before an automatic renewal the member
-- is told the date, the amount, the card and how to cancel, renewal_notice_days ahead. California's automatic
-- renewal law (Bus. & Prof. Code 17602(b)) asks for a notice 15 to 45 days before a renewal of a year or more.
alter table settings add column renewal_notice_days integer not null default 30
  check (renewal_notice_days between 15 and 45);
-- Each membership row is one term: the notice for its renewal is sent once, claimed by setting this.
alter table memberships add column renewal_notice_sent_at timestamptz;
