-- Vessels can be taken out of service without losing them: a laid-up or sold vessel stays on the company's
-- record (its tests and notifications point at it) but is no longer listed as active. A Coast Guard
-- inspector asks for the name, the official number, the type and whether the vessel is in service.
alter table vessels add column is_active boolean not null default true;

-- The pending business change a member is waiting on, found by its business quickly (decision 0021).
create index notifications_business_change_open_idx on notifications (business_id)
  where type = 'UPDATE_BUSINESS' and approved is null and archived_at is null;
