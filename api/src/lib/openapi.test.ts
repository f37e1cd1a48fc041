import { openApiDocument } from "../lint-openapi.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { operationId, WITHOUT_4XX } from "./openapi.ts";

// deno-lint-ignore no-explicit-any
type Op = Record<string, any>;

const operations = () =>
  Object.entries(openApiDocument().paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, Op>).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      op,
    }))
  );

Deno.test("openapi: operationIds are read off the method and path, and unique", () => {
  assertEquals(operationId("GET", "/api/auth/user/:id/tests"), "getAuthUserByIdTests");
  assertEquals(
    operationId("PUT", "/api/auth/user/:id/payment-methods/:pmId/default"),
    "putAuthUserByIdPaymentMethodsByPmIdDefault",
  );
  assertEquals(operationId("POST", "/api/register/member/account"), "postRegisterMemberAccount");
  const ids = operations().map(({ op }) => op.operationId);
  assertEquals(new Set(ids).size, ids.length, "unique");
  // Letters, and digits for names that have them (i3).
  assertOk(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id)), ids.join(", "));
});

Deno.test("openapi: public operations need no credentials, the others say which", () => {
  for (const { key, op } of operations()) {
    if (op["x-access"].includes("public")) assertEquals(op.security, [], key);
    else assertEquals(op.security, [{ cookie: [] }, { bearer: [] }], key);
  }
});

Deno.test("openapi: every operation but the liveness probe documents a 4xx answer", () => {
  const without = operations().filter(({ op }) => !Object.keys(op.responses).some((s) => /^4\d\d$/.test(s)))
    .map(({ key }) => key.replace(/\{(\w+)\}/g, ":$1"));
  assertEquals(without, WITHOUT_4XX);
});
