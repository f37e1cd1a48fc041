/**
 * /app/account (public spec §2): the account's details and a summary of the membership with a link to its
 * details. Of the SSN only the last four digits exist anywhere, and only those are shown.
 */
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { MembershipActions, Panel, WithMembership } from "../memberships/membership-parts.tsx";
import { PauseWarningNotice } from "../memberships/pause-warning-notice.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay } from "../../lib/dates.ts";
import { membershipWords, STATUS_CHIPS, TYPE_LABELS } from "../memberships/membership-view.ts";
import { session } from "../../lib/session.ts";
import { screenPaths } from "../memberships/screens.ts";
import { SELF } from "../payments/subject.ts";
import { useResource } from "../../lib/use-resource.ts";
import { useMembership } from "../memberships/use-membership.ts";
import { fetchAccountUser, userKey } from "./api.ts";
import { ProfilePanel } from "./profile-panel.tsx";
import { AccountDetails } from "./account-details.tsx";
import { PasswordPanel } from "./password-panel.tsx";

const PATHS = screenPaths(SELF);

export default function AccountPage() {
  useSignals();
  const userId = session.value?.user_id;
  const user = useResource(userId ? userKey(userId) : null, (signal) => fetchAccountUser(userId!, signal));
  const membership = useMembership(SELF);

  return (
    <div className="account-grid">
      <Panel id="account-details" title="Account details">
        {user.loading
          ? <Skeleton lines={6} label="Loading your account…" />
          : user.error
          ? <LoadError title="Your account could not be loaded" error={user.error} onRetry={user.reload} />
          : user.data && <AccountDetails user={user.data} />}
        <ProfilePanel />
      </Panel>
      <Panel id="membership-summary" title="Membership">
        <WithMembership membership={membership} words={membershipWords(SELF)}>
          {(m) =>
            m
              ? (
                <>
                  {m.attributes.pause_warning && <PauseWarningNotice warning={m.attributes.pause_warning} />}
                  <p className="chips">
                    <span>{TYPE_LABELS[m.attributes.type]}</span>
                    <Chip tone={STATUS_CHIPS[m.attributes.status].tone}>
                      {STATUS_CHIPS[m.attributes.status].label}
                    </Chip>
                  </p>
                  <p>
                    {m.attributes.expire_at
                      ? `Expiration Date: ${formatDay(m.attributes.expire_at)}`
                      : "No expiration date"}
                  </p>
                  <p>
                    <Link href={PATHS.details}>Membership details</Link>
                  </p>
                </>
              )
              : (
                <>
                  <p>You are not enrolled in the random drug-testing program yet.</p>
                  <MembershipActions membership={null} paths={PATHS} />
                  <p>
                    <Link href={PATHS.details}>Membership details</Link>
                  </p>
                </>
              )}
        </WithMembership>
        <p>
          <Link href={PATHS.payments}>Payment methods</Link>
        </p>
      </Panel>
      <Panel id="account-consents" title="Consents">
        <p>Who may see your drug test results, and for how long: give a consent, download it, revoke it.</p>
        <p>
          <Link href="/app/account/consents">Your consents</Link>
        </p>
        <p>
          <Link href="/app/consents">Results shared with you</Link>
        </p>
      </Panel>
      <Panel id="account-password" title="Password">
        <PasswordPanel />
      </Panel>
      <Panel id="your-data" title="Your data">
        <p>
          What APCA holds about you, in one file to download, and who looked at your letter and tests.
        </p>
        <p>
          <Link href="/app/account/data">Your data</Link>
        </p>
      </Panel>
      <Panel id="sign-in-security" title="Sign-in security">
        <p>Passkeys, authenticator apps and recovery codes that confirm your sign-in.</p>
        <p>
          <Link href="/app/account/security">Sign-in security</Link>
        </p>
      </Panel>
    </div>
  );
}
