-- Payments: our users' customer records at the processor, the built-in sandbox processor's own state (what
-- Stripe keeps on its side: set-up intents, saved cards, charges), and the webhook events already processed.
-- The sandbox keeps what Stripe would show us about a card (brand, last 4, expiry) plus the behaviour its test
-- number asks for; never the number itself nor the security code.

-- The processor's customer for a user (Stripe needs one to charge a saved card off-session).
create table payment_customers (
  user_id integer not null references users (id) on delete cascade,
  provider text not null check (provider in ('sandbox', 'stripe')),
  customer_ref text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, provider),
  unique (provider, customer_ref)
);

create table sandbox_payment_methods (
  id text primary key check (id like 'pm_sbx_%'),
  customer_ref text not null,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null check (exp_year between 2000 and 2200),
  -- What a charge on this card does, as Stripe's published test number asked for.
  behaviour text not null default 'succeed'
    check (behaviour in ('succeed', 'insufficient_funds', 'card_declined', 'processing_error')),
  created_at timestamptz not null default now()
);

create table sandbox_setup_intents (
  id text primary key check (id like 'seti_sbx_%'),
  client_secret text not null unique,
  customer_ref text not null,
  status text not null default 'requires_payment_method'
    check (status in ('requires_payment_method', 'succeeded')),
  payment_method_id text references sandbox_payment_methods (id),
  -- The processor's message for the last card refused at set-up.
  last_error text,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  check ((status = 'succeeded') = (payment_method_id is not null)),
  check ((status = 'succeeded') = (confirmed_at is not null))
);

-- One row per idempotency key: the same key always answers the same charge, never a second one.
create table sandbox_charges (
  id text primary key check (id like 'ch_sbx_%'),
  idempotency_key text not null unique check (length(idempotency_key) between 1 and 255),
  payment_method_id text not null references sandbox_payment_methods (id),
  customer_ref text,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  description text,
  status text not null check (status in ('succeeded', 'failed')),
  failure_code text,
  failure_message text,
  created_at timestamptz not null default now(),
  check ((status = 'failed') = (failure_code is not null and failure_message is not null))
);
create index sandbox_charges_payment_method_idx on sandbox_charges (payment_method_id);

-- Webhook events handled once: a replayed event id is acknowledged and not processed again.
create table payment_webhook_events (
  provider text not null check (provider in ('sandbox', 'stripe')),
  event_id text not null check (length(event_id) between 1 and 255),
  type text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
