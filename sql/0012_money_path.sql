-- One money path (docs/decisions/0018-one-money-path.md). An order paid by card is written 'pending' before
-- the processor is called, with the processor's idempotency key taken from the order itself and what the
-- payment buys (its fulfilment) stored beside it, so that whoever settles the order later (the request, its
-- retry, or the reconciliation job after a crash) records the same outcome and delivers the same thing.

-- The key the processor was (or will be) called with: unique, so one order is at most one charge.
alter table orders add column processor_key text unique
  check (processor_key is null or length(processor_key) between 1 and 255);
-- What the order buys, for settling it without the request: { kind, plan } (a membership, a renewal, ...).
alter table orders add column fulfilment jsonb;
-- SHA-256 of the client's request behind idempotency_key: a reused key with another request is refused.
alter table orders add column request_hash text;
-- When the processor was last asked to charge this order; reconciliation leaves recently tried orders alone.
alter table orders add column attempted_at timestamptz;
create index orders_pending_idx on orders (attempted_at) where status = 'pending';

-- An in_progress Idempotency-Key is leased by the process running it, which renews the lease while it runs;
-- once the lease has run out its owner is taken to be dead and a retry may take the key over.
alter table idempotency_keys add column lease_until timestamptz;
update idempotency_keys set lease_until = created_at + interval '5 minutes' where status = 'in_progress';
alter table idempotency_keys add constraint idempotency_keys_lease_check
  check ((status = 'in_progress') = (lease_until is not null));
