-- Past store orders as an import kind (issue 36, decision 0084 amended): a batch of kind 'store_orders', and
-- the old system's order reference kept on each order it made (its natural key: the same file again finds it).
-- An order placed in the portal has none; its number is its reference in an export.
alter table import_batches drop constraint import_batches_kind_check;
alter table import_batches add constraint import_batches_kind_check
  check (kind in ('companies', 'members', 'memberships', 'drug_tests', 'store_orders'));

alter table orders add column import_reference text;
create unique index orders_import_reference on orders (import_reference) where import_reference is not null;
