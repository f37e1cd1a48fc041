/**
 * The MIS report's counts against the hand-computed figures of the fixed data set (exports/test-helpers.ts),
 * including results on either side of New Year in the office's zone, per employer and for the consortium;
 * the PDF and its audit row; roles.
 */
import { seedFixedData as exportsFixture } from "../exports/test-helpers.ts";
import { createTestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { pdfText } from "../testing/pdf.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

const ZERO = {
  covered_employees: 0,
  pre_employment: 0,
  random: 0,
  post_accident: 0,
  reasonable_suspicion: 0,
  return_to_duty: 0,
  follow_up: 0,
  periodic: 0,
  total_results: 0,
  verified_negatives: 0,
  verified_positives: 0,
  marijuana: 0,
  cocaine: 0,
  pcp: 0,
  opiates: 0,
  amphetamines: 0,
  refusals: 0,
  cancelled: 0,
};

Deno.test("MIS report: Appendix H counts per employer and consortium, PDF, roles", async (t) => {
  const ctx = await createTestContext();
  try {
    await exportsFixture(ctx);
    const A = ctx.users.member.businessId, B = ctx.users.otherMember.businessId;
    const counts = async (path: string) => {
      const res = await ctx.request("admin", "GET", path);
      assertEquals(res.status, 200, path);
      return (await res.json()).data;
    };

    await t.step("employer A, 2026", async () => {
      const r = await counts(`/api/auth/mis/2026?business_id=${A}`);
      assertEquals([r.year, r.due_date, r.business], [2026, "2027-03-15", { id: A, name: "Company A" }]);
      assertEquals(r.counts, {
        ...ZERO,
        covered_employees: 1,
        pre_employment: 1,
        random: 1,
        follow_up: 1,
        total_results: 3,
        verified_negatives: 1,
        verified_positives: 2,
        marijuana: 1,
        cocaine: 1,
        amphetamines: 1,
      });
    });

    await t.step("employer B, 2026: a result at 23:30 on Dec 31 New York time is 2026's", async () => {
      const r = await counts(`/api/auth/mis/2026?business_id=${B}`);
      assertEquals(r.counts, {
        ...ZERO,
        covered_employees: 1,
        random: 1,
        post_accident: 1,
        total_results: 2,
        refusals: 1,
        cancelled: 1,
      });
    });

    await t.step("the consortium, 2026 and 2025", async () => {
      assertEquals((await counts("/api/auth/mis/2026")).counts, {
        ...ZERO,
        covered_employees: 2,
        pre_employment: 1,
        random: 2,
        post_accident: 1,
        follow_up: 1,
        total_results: 5,
        verified_negatives: 1,
        verified_positives: 2,
        marijuana: 1,
        cocaine: 1,
        amphetamines: 1,
        refusals: 1,
        cancelled: 1,
      });
      const y2025 = await counts("/api/auth/mis/2025");
      assertEquals([y2025.business, y2025.due_date], [null, "2026-03-15"]);
      assertEquals(y2025.counts, {
        ...ZERO,
        covered_employees: 2,
        random: 1,
        total_results: 1,
        verified_negatives: 1,
      });
    });

    await t.step("the PDF names the employer and its counts, and is audited", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/mis/2026/pdf?business_id=${A}`);
      assertEquals(res.status, 200);
      assertEquals(
        res.headers.get("Content-Disposition"),
        `attachment; filename="mis-2026-business-${A}.pdf"`,
      );
      const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ");
      assertOk(text.includes("Company A") && text.includes("Due by 2027-03-15"), text);
      assertOk(text.includes("Positive: marijuana"), text);
      const audited = await ctx.database.db.selectFrom("audit_log").select(["actor_user_id", "entity_id"])
        .where("action", "=", "mis.download").execute();
      assertEquals(audited, [{ actor_user_id: ctx.users.admin.id, entity_id: "2026" }]);
    });

    await t.step("errors and roles", async () => {
      assertEquals((await ctx.request("admin", "GET", "/api/auth/mis/2026?business_id=999999")).status, 404);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/mis/1999")).status, 422);
      for (const path of ["/api/auth/mis/2026", "/api/auth/mis/2026/pdf"]) {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path,
          expect: adminOnly(200),
        });
      }
    });
  } finally {
    await ctx.close();
  }
});
