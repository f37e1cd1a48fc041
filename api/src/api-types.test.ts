import { assertOk } from "./testing/assert.ts";
import { generateApiTypes, GENERATED_FILE } from "./api-types.ts";

Deno.test("web/src/lib/api-types.gen.ts matches the routes (run `deno task gen:api-types`)", async () => {
  const fresh = await generateApiTypes();
  const committed = await Deno.readTextFile(GENERATED_FILE);
  assertOk(fresh.includes(`"/api/auth/items/{id}"`), "the generator sees the routes");
  assertOk(committed === fresh, "web/src/lib/api-types.gen.ts is stale: run `deno task gen:api-types`");
});
