-- The i3 link end to end (issue 11 item 6) and the 30-day deletion of an employee's account (issue 11 item 3).

-- A business whose i3 set-up failed keeps what failed and when, so an administrator sees it and can resend it
-- ('Resend to i3'); a later success clears it.
alter table businesses add column i3_setup_error text;
alter table businesses add column i3_setup_attempted_at timestamptz;

-- Our reference for an order sent to i3 ('apca-test-<drug_tests.id>'): i3 (and its simulator) answer the
-- order already placed under it, so a retry after a failure or a crash never orders a second test.
alter table i3_sim_orders add column client_ref text;
create unique index i3_sim_orders_client_ref_key on i3_sim_orders (client_ref) where client_ref is not null;

-- A test ordered because a membership started (its drug testing rule): at most one per membership.
alter table drug_tests add column membership_id integer references memberships (id);
create unique index drug_tests_membership_key on drug_tests (membership_id) where membership_id is not null;

-- Why a deletion is scheduled (the company that cancelled), and what the deletion kept: the account row stays
-- for the records 49 CFR 40.333 requires; this says which business asked, for the administrators.
alter table users add column scheduled_deletion_business_id integer references businesses (id) on delete set null;
alter table users add column deletion_reason text;
