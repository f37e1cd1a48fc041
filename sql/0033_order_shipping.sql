-- Issue 24 item 5 (docs/decisions/0061-order-fulfilment.md): items that ship (custody control forms, alarm
-- swabs) and the fulfilment of a paid order that holds one: to ship → shipped (carrier, tracking number) →
-- delivered. "To ship" is not stored: a completed order with a line that ships and no shipping_status is to ship.
alter table store_items add column ships boolean not null default false;
update store_items set ships = true where name ~* '(custody|swab)';

-- A line keeps whether it shipped when it was bought (the item may change or be deleted since); it is copied
-- from the store item as the line is written, so the money path (orders/pay.ts) needs to know nothing of it.
alter table order_items add column ships boolean not null default false;
update order_items oi set ships = si.ships from store_items si where si.id = oi.item_id;

create function order_items_ships() returns trigger language plpgsql as $$
begin
  new.ships := new.ships or coalesce((select ships from store_items where id = new.item_id), false);
  return new;
end;
$$;
create trigger order_items_ships before insert on order_items for each row execute function order_items_ships();

alter table orders
  add column shipping_status text check (shipping_status in ('shipped', 'delivered')),
  add column shipping_carrier text check (length(shipping_carrier) <= 60),
  add column shipping_tracking text check (length(shipping_tracking) <= 80),
  add column shipped_at timestamptz,
  add column shipped_by_user_id integer references users (id) on delete set null,
  add column delivered_at timestamptz,
  add column delivered_by_user_id integer references users (id) on delete set null,
  add check (shipping_status is null or (shipping_carrier is not null and shipping_tracking is not null
    and shipped_at is not null)),
  add check ((shipping_status = 'delivered') = (delivered_at is not null));

-- The administrators' orders list: newest first (orders_created_idx, sql/0004), and its status filter.
create index orders_status_created_idx on orders (status, created_at);
