/**
 * The other tabs of the user page: Businesses (with Add To Business), Transactions (orders, each to its
 * detail), Tests, Membership (to the membership screens), Downloads (the Letter of Compliance only if
 * can_download_compliance: 'Downloading Document', 'Letter Has Been Emailed') and Password (a reset e-mail,
 * 'User Has Been Emailed Reset Password', or a new password).
 */
import { formatInstantDay } from "../../lib/dates.ts";
import { capitalizeWord } from "../../lib/status-words.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import type { UserDetail } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { DrugTestTable } from "../drug-tests/drug-test-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { formatMoney } from "../../lib/money.ts";
import { toast } from "../../lib/toast.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import {
  downloadCompliance,
  emailCompliance,
  emailReset,
  fetchBusinesses,
  fetchOrders,
  fetchTests,
  resetSecondFactor,
  setPassword,
  USER_TOASTS,
} from "./api.ts";
import { PASSWORD_MIN_LENGTH, REGISTRATION_MESSAGES } from "@apca/rules/messages/registration";

export function BusinessesTab({ id }: { id: string }) {
  const list = useResource(["admin-user", id, "businesses"], (s) => fetchBusinesses(id, s));
  return (
    <>
      <div className="form-actions">
        <Link href={`/app/admin/users/${id}/employee/new`} className="button button-primary">
          Add To Business
        </Link>
      </div>
      {list.loading && !list.data
        ? <Skeleton lines={3} label="Loading the businesses…" />
        : list.error || !list.data
        ? <LoadError title="The businesses could not be loaded" error={list.error} onRetry={list.reload} />
        : list.data.data.length === 0
        ? <p className="empty-state">No businesses attached</p>
        : (
          <ul>
            {list.data.data.map((b) => (
              <li key={b.id}>
                <Link href={`/app/admin/businesses/${b.id}`}>{b.attributes.name}</Link>
                {!b.attributes.is_active && <StatusBadge status="inactive" />}
                {b.attributes.employee_id !== null && (
                  <>
                    {" · "}
                    <Link href={`/app/admin/employee/${b.attributes.employee_id}`}>
                      Move or make primary
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
    </>
  );
}

export function TransactionsTab({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const list = useResource(["admin-user", id, "orders", page], (s) => fetchOrders(id, page, s));
  return (
    <PagedList
      list={list}
      page={page}
      onPage={setPage}
      labels={{
        loading: "Loading the transactions…",
        error: "The transactions could not be loaded",
        empty: "No transactions yet",
        pages: "Transaction pages",
      }}
    >
      {(rows) => (
        <DataTable
          caption="Transactions"
          columns={["Order", "Date", "Kind", "Status", "Total"]}
          rows={rows}
          row={(o) => (
            <tr key={o.id}>
              <td>
                <Link href={`/app/admin/orders/${o.id}`}>{o.attributes.number}</Link>
              </td>
              <td>{formatInstantDay(o.attributes.created_at)}</td>
              <td>{capitalizeWord(o.attributes.kind)}</td>
              <td>
                <StatusBadge status={o.attributes.status} />
              </td>
              <td>{formatMoney(o.attributes.total_cents, { cents: true })}</td>
            </tr>
          )}
        />
      )}
    </PagedList>
  );
}

export function TestsTab({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const list = useResource(["admin-user", id, "tests", page], (s) => fetchTests(id, page, s));
  return (
    <PagedList
      list={list}
      page={page}
      onPage={setPage}
      labels={{
        loading: "Loading the tests…",
        error: "The tests could not be loaded",
        empty: "No drug tests yet",
        pages: "Test pages",
      }}
    >
      {(rows) => <DrugTestTable tests={rows} caption="Drug tests" />}
    </PagedList>
  );
}

export function MembershipTab({ id }: { id: string }) {
  const base = `/app/admin/users/${id}/membership`;
  return (
    <div className="form-actions">
      <Link href={`${base}/details`} className="button button-primary">Membership Details</Link>
      <Link href={`${base}/new`} className="button button-secondary">Set Up Membership</Link>
      <Link href={`${base}/payments`} className="button button-secondary">Manage Payment Methods</Link>
    </div>
  );
}

export function DownloadsTab({ user }: { user: UserDetail }) {
  const id = String(user.id);
  // The download toasts before it starts ('Downloading Document'), not after.
  const download = useAction(() => {
    toast.info(USER_TOASTS.downloading);
    return downloadCompliance(id);
  });
  const email = useAction(() => emailCompliance(id), { success: USER_TOASTS.letterEmailed });
  if (!user.attributes.can_download_compliance) {
    return (
      <p className="empty-state">
        The Letter of Compliance is available while the annual membership is active.
      </p>
    );
  }
  return (
    <div className="form-actions">
      <Button
        busy={download.busy}
        busyLabel="Downloading…"
        onClick={() => download.run()}
      >
        Download Letter Of Compliance
      </Button>
      <Button
        variant="secondary"
        busy={email.busy}
        busyLabel="Emailing…"
        onClick={() => email.run()}
      >
        Email Letter Of Compliance
      </Button>
    </div>
  );
}

export function PasswordTab({ id }: { id: string }) {
  const reset = useAction(() => emailReset(id), { success: USER_TOASTS.resetEmailed });
  const set = useAction((password: string) => setPassword(id, password), {
    success: "Password Has Been Updated",
  });
  const factors = useAction(() => resetSecondFactor(id), { success: "Second factor reset" });
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  async function onSet(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = (form.elements.namedItem("password") as HTMLInputElement).value;
    setError(undefined);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(REGISTRATION_MESSAGES.passwordTooShort);
    if ((await set.run(password)).ok) form.reset();
  }

  return (
    <>
      <div className="form-actions">
        <Button
          busy={reset.busy}
          busyLabel="Sending…"
          onClick={() => reset.run()}
        >
          Send Password Reset Email
        </Button>
      </div>
      <form onSubmit={onSet} noValidate className="form-section">
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={error}
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary" busy={set.busy} busyLabel="Saving…">
            Set Password
          </Button>
        </div>
      </form>
      <DangerZone
        title="Second factor"
        note="If the user lost every passkey, authenticator app and recovery code, remove their second factors: their sessions end, and at the next sign-in an administrator sets up a new one."
      >
        <Button
          variant="danger"
          busy={factors.busy}
          busyLabel="Resetting…"
          onClick={() => setConfirming(true)}
        >
          Reset Second Factor
        </Button>
      </DangerZone>
      <ConfirmDialog
        open={confirming}
        title="Reset this user's second factor?"
        confirmLabel="Reset"
        busyLabel="Resetting…"
        busy={factors.busy}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if ((await factors.run()).ok) setConfirming(false);
        }}
      >
        <p>Their passkeys, authenticator apps and recovery codes stop working, and they are signed out.</p>
      </ConfirmDialog>
    </>
  );
}
