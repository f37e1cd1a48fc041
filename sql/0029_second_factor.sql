-- A second factor (decision 0043): passkeys (WebAuthn) and TOTP authenticator apps, one-time recovery codes,
-- and on each session whether (and when) its second factor was verified. Required for administrators,
-- optional for members and DERs.
create table user_second_factors (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('totp', 'passkey')),
  label text not null,
  -- TOTP: the base32 secret, and the last time step accepted (a code is accepted once).
  totp_secret text,
  totp_last_step integer,
  -- Passkey: the credential id (base64url), its COSE public key (base64url), signature counter, transports.
  credential_id text unique,
  public_key text,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  check ((kind = 'totp' and totp_secret is not null) or
         (kind = 'passkey' and credential_id is not null and public_key is not null))
);
create index user_second_factors_user_idx on user_second_factors (user_id);

-- Recovery codes: only a SHA-256 hash is kept; each works once.
create table user_recovery_codes (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index user_recovery_codes_user_idx on user_recovery_codes (user_id) where used_at is null;

-- The session's second factor: when it was last verified (sign-in or step-up), and a pending WebAuthn
-- challenge with its expiry.
alter table sessions add column second_factor_at timestamptz;
alter table sessions add column webauthn_challenge text;
alter table sessions add column webauthn_challenge_expires_at timestamptz;
