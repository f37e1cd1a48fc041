-- Issue 25 item 1 (docs/decisions/0063-receipts-and-renewal-notices.md): every paid order is told by an e-mail
-- receipt, exactly one per order. receipt_sent_at is claimed (set while null) before the receipt is handed to
-- the mail outbox, so a retried send or two senders at once never mail a second receipt.
alter table orders add column receipt_sent_at timestamptz;
-- Orders paid before receipts existed are not mailed now: they count as told.
update orders set receipt_sent_at = completed_at where status in ('completed', 'cancelled') and completed_at is not null;
-- The sweep (orders.receipts) looks for paid orders still untold.
create index orders_receipt_due_idx on orders (completed_at) where status = 'completed' and receipt_sent_at is null;
