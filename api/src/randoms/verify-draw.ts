/**
 * `deno task verify-draw <pool id>`: re-derives a pool's draw from the stored snapshot and the revealed seed
 * (verify.ts) against the configured database, prints the report and exits 0 on a match, 1 on a mismatch,
 * 2 when there is no such pool. What an auditor runs (46 CFR 16.230(c)).
 */
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { verifyDraw } from "./verify.ts";

if (import.meta.main) {
  const id = Number(Deno.args[0]);
  if (!Number.isInteger(id) || id < 1) {
    console.error("usage: deno task verify-draw <pool id>");
    Deno.exit(2);
  }
  const database = await openDatabase(loadConfig());
  try {
    const report = await verifyDraw(database.db, id);
    if (!report) {
      console.error(`No random pool ${id}.`);
      Deno.exitCode = 2;
    } else {
      console.log(JSON.stringify(report, null, 2));
      console.log(report.match ? `MATCH: pool ${id} re-derives exactly.` : `MISMATCH: pool ${id}.`);
      Deno.exitCode = report.match ? 0 : 1;
    }
  } finally {
    await database.close();
  }
}
