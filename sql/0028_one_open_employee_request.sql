-- One open employee request per person and company, held by the database (issue 26 item 2, decision 0042).
-- "The same person" is the service's rule (employees/queries.ts samePerson): the same e-mail, or the same first
-- and last name, in any case. Two partial unique indexes hold it, so 20 identical requests sent at once file one;
-- the others fail with 23505 and answer 409 'A request to add this employee is already waiting for APCA
-- approval.'

-- Requests filed twice before this index (the race it closes): the oldest open one stays; a later duplicate is
-- closed as rejected, and its notification archived, so the administrators' queue shows the person once.
with ranked as (
  select id, notification_id,
    row_number() over (partition by business_id, lower(first_name), lower(last_name) order by id) as by_name,
    case when email is null then 1
      else row_number() over (partition by business_id, lower(email) order by id) end as by_email
  from employee_requests
  where status = 'pending'
), duplicates as (
  select id, notification_id from ranked where by_name > 1 or by_email > 1
), archived as (
  update notifications set archived_at = now()
  where id in (select notification_id from duplicates where notification_id is not null) and archived_at is null
)
update employee_requests set status = 'rejected', processed_at = now()
where id in (select id from duplicates);

create unique index employee_requests_open_name_key
  on employee_requests (business_id, lower(first_name), lower(last_name)) where status = 'pending';
create unique index employee_requests_open_email_key
  on employee_requests (business_id, lower(email)) where status = 'pending' and email is not null;
