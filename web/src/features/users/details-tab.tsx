/**
 * The Details tab: the profile, and the account actions of admin spec §6 with their toasts: admin rights
 * ('Admin Rights Updated'), delete only if can_delete ('User Has Been Deleted', then to the list), the safety
 * concern letter (upload, download, remove) and the links to edit, add to a business and process an order.
 * Destructive actions ask first.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { UserDetail } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { type Detail, DetailsList } from "../../components/details-list.tsx";
import { Email } from "../../components/email.tsx";
import { roleWords } from "../../lib/status-words.ts";
import { session } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { deleteUser, setAdmin, USER_TOASTS, userKey } from "./api.ts";
import { SafetyLetter } from "./safety-letter.tsx";

const ROWS: [keyof UserDetail["attributes"], string][] = [
  ["email", "Email"],
  ["phone", "Phone"],
  ["member_number", "Member number"],
  ["uscg_cred", "USCG credential"],
  ["address_one", "Address"],
  ["address_two", "Address (line 2)"],
  ["city", "City"],
  ["state", "State"],
  ["postal_code", "Postal code"],
  ["country", "Country"],
];

export function DetailsTab({ user }: { user: UserDetail }) {
  const id = String(user.id);
  const a = user.attributes;
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<"admin" | "delete" | null>(null);
  const isAdmin = a.roles.includes("admin");
  const self = session.value?.user_id === user.id;

  const admin = useAction(() => setAdmin(id, !isAdmin), {
    success: USER_TOASTS.adminUpdated,
    invalidate: [userKey(id)],
  });
  const remove = useAction(() => deleteUser(id), {
    success: USER_TOASTS.deleted,
    invalidate: [["admin-users"]],
  });

  async function run(kind: "admin" | "delete") {
    if (kind === "admin") {
      if ((await admin.run()).ok) setConfirm(null);
    } else if ((await remove.run()).ok) {
      setConfirm(null);
      navigate("/app/admin/users");
    }
  }

  return (
    <>
      <DetailsList
        items={[
          ["Name", a.full_name],
          ...ROWS.map(([key, label]): Detail => [
            label,
            key === "email" && a.email ? <Email key="email" address={a.email} /> : (a[key] as string | null),
          ]),
          ["Roles", roleWords(a.roles)],
        ]}
      />
      <div className="form-actions">
        <Link href={`/app/admin/users/${id}/manage`} className="button button-secondary">Edit User</Link>
        <Link href={`/app/admin/users/${id}/employee/new`} className="button button-secondary">
          Add To Business
        </Link>
        <Link href={`/app/admin/users/${id}/order`} className="button button-secondary">
          Manually Process Order
        </Link>
      </div>
      <SafetyLetter user={user} />
      {(!(isAdmin && self) || a.can_delete) && (
        <DangerZone>
          {!(isAdmin && self) && (
            <Button variant="secondary" onClick={() => setConfirm("admin")}>
              {isAdmin ? "Revoke Admin Rights" : "Grant Admin Rights"}
            </Button>
          )}
          {a.can_delete && <Button variant="danger" onClick={() => setConfirm("delete")}>Delete User</Button>}
        </DangerZone>
      )}
      <ConfirmDialog
        open={confirm === "admin"}
        title={isAdmin ? "Revoke admin rights?" : "Grant admin rights?"}
        confirmLabel={isAdmin ? "Revoke Admin Rights" : "Grant Admin Rights"}
        busyLabel="Updating…"
        busy={admin.busy}
        destructive={isAdmin}
        onConfirm={() => run("admin")}
        onClose={() => setConfirm(null)}
      >
        {isAdmin
          ? `${a.full_name} will no longer be able to use the administrator screens.`
          : `${a.full_name} will be able to see and change everything in the portal.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title="Delete this user?"
        confirmLabel="Delete User"
        busyLabel="Deleting…"
        busy={remove.busy}
        destructive
        onConfirm={() => run("delete")}
        onClose={() => setConfirm(null)}
      >
        {a.full_name}{" "}
        will no longer be able to sign in and their contact details are removed. Their tests, memberships and
        orders are kept as the law requires.
      </ConfirmDialog>
    </>
  );
}
