/** Drops the run's database. Playwright stops the webServer after this, hence DROP … WITH (FORCE). */
import process from "node:process";
import { dropDatabase } from "./support/database.ts";

export default async function globalTeardown(): Promise<void> {
  await dropDatabase(process.env.E2E_DATABASE_NAME);
}
