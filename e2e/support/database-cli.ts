/**
 * `deno run -A support/database-cli.ts create|drop`: run by Deno directly (the webServer command), not by
 * Playwright's loader, which treats files here as CommonJS (no top-level await, no import.meta).
 */
import process from "node:process";
import { createDatabase, dropDatabase } from "./database.ts";

const [command] = Deno.args;
const name = process.env.E2E_DATABASE_NAME;
if (command === "create") await createDatabase(name);
else if (command === "drop") await dropDatabase(name);
else throw new Error("usage: deno run -A support/database-cli.ts create|drop");
