/**
 * `deno task second-factor:reset <email>`: the last resort of decision 0043, for an administrator who lost every
 * second factor when no other administrator can reset them (the last one). Run by someone with shell access to
 * the server and its database: it removes the account's factors and recovery codes, ends its sessions and
 * writes an audit row (actor: none, detail: "cli"). The administrator enrols a new factor at the next sign-in.
 * Exits 0 when reset, 2 when there is no such account.
 */
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { audit } from "../../lib/audit.ts";
import { resetFactors } from "./service.ts";
import { liveUserIdByEmail } from "./queries.ts";

/** Resets the account's factors; answers the number removed, or null when there is no such account. */
export async function resetByEmail(database: Database, email: string, now: Date): Promise<number | null> {
  return await database.db.transaction().execute(async (tx) => {
    const userId = await liveUserIdByEmail(tx, email);
    if (userId === undefined) return null;
    const removed = await resetFactors(tx, userId, now);
    await audit(tx, {
      actor: null,
      action: "second_factor.reset_by_cli",
      entity: "user",
      entityId: userId,
      detail: { via: "cli", factors_removed: removed },
    });
    return removed;
  });
}

if (import.meta.main) {
  const email = Deno.args[0];
  if (!email) {
    console.error("usage: deno task second-factor:reset <email>");
    Deno.exit(2);
  }
  const database = await openDatabase(loadConfig());
  try {
    const removed = await resetByEmail(database, email, new Date());
    if (removed === null) {
      console.error(`No account ${email}.`);
      Deno.exitCode = 2;
    } else {
      console.log(
        `Removed ${removed} second factor(s) of ${email}; its sessions ended. It enrols again at the next sign-in.`,
      );
    }
  } finally {
    await database.close();
  }
}
