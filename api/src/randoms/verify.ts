/**
 * Verify a draw (46 CFR 16.230(c): records from which the selection can be re-derived): from the stored
 * snapshot and the revealed seed, re-derive every draw position and compare it with what was stored; check the
 * seed against the commitment shown before the draw and the snapshot against its fingerprint. Used by
 * GET /auth/randoms/:id/verify and `deno task verify-draw <pool id>`.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { ALGORITHM, commitmentOf, drawOrder, snapshotFingerprint } from "./draw.ts";
import { findPool, positionedCandidates, snapshotOf } from "./queries.ts";

export interface VerifyReport {
  pool_id: number;
  match: boolean;
  algorithm: string;
  commitment: string | null;
  seed: string | null;
  covered_count: number;
  positions_checked: number;
  checks: { commitment: boolean; snapshot: boolean; selection: boolean };
  mismatches: string[];
}

export async function verifyDraw(db: Kysely<DB>, poolId: number): Promise<VerifyReport | undefined> {
  const pool = await findPool(db, poolId);
  if (!pool) return undefined;
  const mismatches: string[] = [];
  const report: VerifyReport = {
    pool_id: poolId,
    match: false,
    algorithm: pool.algorithm ?? ALGORITHM,
    commitment: pool.commitment,
    seed: pool.drawn_at ? pool.seed : null,
    covered_count: pool.covered_count,
    positions_checked: 0,
    checks: { commitment: false, snapshot: false, selection: false },
    mismatches,
  };
  if (!pool.drawn_at || !pool.seed) {
    mismatches.push("The pool has not been drawn yet.");
    return report;
  }
  if (pool.algorithm !== ALGORITHM) mismatches.push(`Unknown algorithm ${pool.algorithm}.`);
  report.checks.commitment = /^[0-9a-f]{64}$/.test(pool.seed) && commitmentOf(pool.seed) === pool.commitment;
  if (!report.checks.commitment) {
    mismatches.push("The seed does not match the commitment shown before the draw.");
  }
  const { ids } = await snapshotOf(db, poolId);
  report.checks.snapshot = ids.length === pool.covered_count &&
    snapshotFingerprint(ids) === pool.snapshot_sha256;
  if (!report.checks.snapshot) mismatches.push("The snapshot differs from the one the draw was made on.");
  const stored = await positionedCandidates(db, poolId);
  const order = report.checks.commitment ? drawOrder(ids, pool.seed, stored.length) : [];
  let selection = stored.length >= Math.min(pool.target_count ?? 0, ids.length);
  stored.forEach((c, i) => {
    if (c.draw_position !== i || order[i] !== c.user_id) {
      selection = false;
      if (mismatches.length < 20) {
        mismatches.push(`Position ${i}: stored member ${c.user_id}, re-derived ${order[i]}.`);
      }
    }
    // The first target_count positions are the selection; a later one is selected only as a substitute.
    const target = pool.target_count ?? 0;
    const fine = i < target
      ? c.selected || c.exempt || c.substitution_reason !== null
      : !c.selected || c.replaces_candidate_id !== null;
    if (!fine) {
      selection = false;
      mismatches.push(`Position ${i}: the stored selection flag disagrees with the draw.`);
    }
  });
  report.checks.selection = selection && report.checks.commitment;
  report.positions_checked = stored.length;
  report.match = report.checks.commitment && report.checks.snapshot && report.checks.selection &&
    mismatches.length === 0;
  return report;
}
