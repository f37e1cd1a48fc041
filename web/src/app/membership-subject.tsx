/**
 * The membership screens (written once for self, user and employee, routes/page.tsx) name whose membership
 * they show: the user's or the employee's name in the heading and the breadcrumb (lib/page-subject.ts). Loaded
 * with those screens, never with the shell.
 */
import { fetchEmployee } from "../features/businesses/businesses.ts";
import { fetchUser } from "../features/users/api.ts";
import { useSubjectName } from "../lib/page-subject.ts";
import type { Subject } from "../features/payments/subject.ts";
import { useResource } from "../lib/use-resource.ts";

export function MembershipSubject({ subject }: { subject: Subject }) {
  const user = useResource(
    subject.kind === "user" ? ["membership-subject", "user", subject.userId] : null,
    (signal) => fetchUser(String(subject.kind === "user" ? subject.userId : 0), signal),
  );
  const employee = useResource(
    subject.kind === "employee"
      ? ["membership-subject", "employee", subject.businessId, subject.employeeId]
      : null,
    (signal) =>
      subject.kind === "employee"
        ? fetchEmployee(subject.businessId, subject.employeeId, signal)
        : Promise.reject(new Error("not an employee")),
  );
  const e = employee.data?.attributes;
  useSubjectName(
    subject.kind === "user" ? `/app/admin/users/${subject.userId}` : "",
    user.data?.attributes.full_name,
  );
  useSubjectName(
    subject.kind === "employee"
      ? `/app/member/businesses/${subject.businessId}/employee/${subject.employeeId}`
      : "",
    e && [e.user_first_name, e.user_middle_name, e.user_last_name].filter(Boolean).join(" "),
  );
  return null;
}
