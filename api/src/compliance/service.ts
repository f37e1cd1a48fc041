/**
 * Letters of Compliance: issuing one (the rule in status.ts, a signed statement, the PDF, a documents row),
 * mailing one, and verifying the code printed on one.
 */
import { audit, auditMemberViews, MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import { officeDay } from "../lib/dates.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { LETTER_FILENAME, renderLetterPdf } from "./letter-pdf.ts";
import { type LetterStatement, signStatement, verifyStatement } from "./signing.ts";
import { liveUserExists } from "../users/service.ts";
import { storeLetter } from "../documents/store.ts";
import { letterMember, membershipFacts, storedLetter } from "./queries.ts";
import { type CoverageStatus, coverageStatus, coveringMembership } from "./status.ts";

export const COMPLIANCE_MESSAGES = {
  unavailable: "A Letter of Compliance is available with an active annual membership that is not paused.",
  emailed: "Letter Has Been Emailed",
} as const;

type LetterDeps = Pick<Deps, "database" | "letterKeys" | "now" | "config">;

export interface IssuedLetter {
  documentId: number;
  filename: string;
  bytes: Uint8Array;
  email: string;
  fullName: string;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The letter for `userId` if the rule allows it now (403 COMPLIANCE_UNAVAILABLE otherwise). A letter is issued
 * once per distinct content: the member, name and member number, the covering membership and its coverage,
 * the signing key and the issue day printed on it. The first call signs it, renders it and records it in
 * documents (so the Downloads list has it) and the audit log; every later call for the same content answers
 * the stored letter byte for byte and writes nothing, which keeps the GET that downloads it safe.
 */
export async function issueLetter(deps: LetterDeps, userId: number, issuedBy: number): Promise<IssuedLetter> {
  const { db } = deps.database;
  const user = await letterMember(db, userId);
  if (!user) throw notFound("User");
  const now = deps.now();
  const membership = coveringMembership(await membershipFacts(db, userId, now), now);
  if (!membership) throw new AppError("COMPLIANCE_UNAVAILABLE", COMPLIANCE_MESSAGES.unavailable);

  const fullName = [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(" ");
  // Office days: the letter states what the office recorded (the day the term began, the day it issued this).
  const zone = deps.config.officeTimeZone;
  const issuedOn = officeDay(now, zone);
  const coverage = { cov_from: officeDay(membership.starts_at, zone), cov_to: membership.expire_at };
  const contentKey = await sha256Hex(JSON.stringify([
    user.id,
    fullName,
    user.member_number,
    membership.id,
    coverage,
    // The QR code's address: a server reached at another address issues its own letter.
    deps.config.publicUrl,
    deps.letterKeys.kid,
    issuedOn,
  ]));
  const stored = () => storedLetter(db, user.id, contentKey);
  const found = await stored();
  const answer = (doc: { id: number; bytes: Uint8Array }) => ({
    documentId: doc.id,
    filename: LETTER_FILENAME,
    bytes: doc.bytes,
    email: user.email,
    fullName,
  });
  if (found) return answer(found);

  const token = await signStatement(
    deps.letterKeys,
    { sub: String(user.id), mem: user.member_number, ...coverage, st: "active" },
    now,
  );
  const bytes = await renderLetterPdf({
    fullName,
    memberNumber: user.member_number,
    coverageFrom: coverage.cov_from,
    coverageTo: coverage.cov_to,
    issuedAt: now,
    issuedOn,
    verifyUrl: `${deps.config.publicUrl}/verify/${token}`,
    publicUrl: deps.config.publicUrl,
  });
  // Of two simultaneous first calls, one records its letter and the other answers that one.
  const inserted = await storeLetter(db, {
    userId: user.id,
    filename: LETTER_FILENAME,
    bytes,
    contentKey,
    issuedBy,
    at: now,
  });
  if (!inserted) return answer((await stored())!);
  await audit(db, {
    actor: issuedBy,
    action: "compliance_letter.issued",
    entity: "user",
    entityId: user.id,
    detail: { document_id: inserted.id, membership_id: membership.id, ...coverage },
  });
  return answer({ id: inserted.id, bytes });
}

/**
 * A member's letter downloaded by someone else: an administrator, or the DER of the company `businessId` that
 * employs them (checked by the caller). The download is recorded on the member, for their "Who looked at my
 * records" list (decision 0093).
 */
export async function letterForViewer(
  deps: LetterDeps,
  memberId: number,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number | null = null,
): Promise<IssuedLetter> {
  const letter = await issueLetter(deps, memberId, viewer.user_id);
  await auditMemberViews(deps.database.db, viewer, {
    action: MEMBER_VIEW_ACTIONS.letterDownload,
    members: [memberId],
    businessId,
    detail: { document_id: letter.documentId },
  });
  return letter;
}

/** Mails the member their letter (issued now, or today's identical one), attached. */
export async function emailLetter(
  deps: LetterDeps & Pick<Deps, "mailer">,
  userId: number,
  issuedBy: number,
): Promise<void> {
  const letter = await issueLetter(deps, userId, issuedBy);
  await deps.mailer.send({
    to: letter.email,
    subject: "Your APCA Letter of Compliance",
    text: `Hello ${letter.fullName},\n\n` +
      "Your Letter of Compliance is attached. It shows your enrollment in the APCA random drug-testing " +
      "program (46 CFR 16.230, 49 CFR Part 40); its QR code lets anyone check that it is genuine.\n\n" +
      `You can download it again at any time from ${deps.config.publicUrl}/app/account.\n\nAPCA`,
    attachments: [{ filename: letter.filename, content_type: "application/pdf", content: letter.bytes }],
  });
}

export interface Verification {
  genuine: boolean;
  statement?: LetterStatement;
  current_status?: CoverageStatus;
  checked_at: string;
}

/**
 * Checks a letter's code. Genuine when our key signed it, however old; the member's current status is added
 * so that an expired or paused membership shows as such. Anything else is simply not genuine.
 */
export async function verifyLetterToken(deps: LetterDeps, token: string): Promise<Verification> {
  const now = deps.now();
  const checked_at = now.toISOString();
  const statement = await verifyStatement(deps.letterKeys, token);
  if (!statement) return { genuine: false, checked_at };
  const userId = Number(statement.sub);
  const { db } = deps.database;
  const live = Number.isSafeInteger(userId) && await liveUserExists(db, userId);
  const current_status = live ? coverageStatus(await membershipFacts(db, userId, now), now) : "none";
  return { genuine: true, statement, current_status, checked_at };
}
