/**
 * The money path's domains depend in one direction: registration uses memberships, both use orders, and
 * orders knows neither (background.ts, the composition root, hands reconciliation every fulfilment). This
 * keeps the memberships ⇄ registration cycle of issue 9 from coming back.
 */
import { assertEquals } from "../testing/assert.ts";

const SRC = new URL("../", import.meta.url);

async function importsOf(folder: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(`${folder}/`, SRC))) {
    if (!entry.isFile || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
    const text = await Deno.readTextFile(new URL(`${folder}/${entry.name}`, SRC));
    for (const m of text.matchAll(/^(?:import|export)[^;]*?from "([^"]+)";/gms)) {
      found.push(`${folder}/${entry.name} -> ${m[1]}`);
    }
  }
  return found;
}

/** The imports among `imports` that reach into one of `folders`. */
const into = (imports: string[], folders: string[]) =>
  imports.filter((line) => folders.some((f) => line.split(" -> ")[1].startsWith(`../${f}/`)));

Deno.test("layers: registration -> memberships -> orders, never back", async () => {
  assertEquals(into(await importsOf("orders"), ["memberships", "registration"]), []);
  assertEquals(into(await importsOf("memberships"), ["registration"]), []);
  // The check does see imports across folders: registration imports memberships (the allowed direction).
  assertEquals(into(await importsOf("registration"), ["memberships"]).length > 0, true);
});
