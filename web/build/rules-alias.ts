/**
 * Vite's resolution of the shared rules member (`@apca/rules/...`, api/rules/, decision 0055). Deno resolves a
 * workspace member by its name; Vite does not read Deno's workspace, so each export of the member's deno.json
 * becomes an alias to its file. Read from that deno.json, so a new export needs no change here.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The member's folder, from this file (web/build/ → api/rules/). */
const RULES_DIR = new URL("../../api/rules/", import.meta.url);

export interface RulesAlias {
  find: string;
  replacement: string;
}

/** One alias per export: `@apca/rules/dates` → the absolute path of api/rules/dates.ts. */
export function rulesAliases(config = readFileSync(new URL("deno.json", RULES_DIR), "utf8")): RulesAlias[] {
  const { name, exports } = JSON.parse(config) as { name: string; exports: Record<string, string> };
  return Object.entries(exports).map(([subpath, file]) => ({
    find: subpath === "." ? name : `${name}/${subpath.replace(/^\.\//, "")}`,
    replacement: fileURLToPath(new URL(file, RULES_DIR)),
  }));
}
