/** The web's change-password form rejects as the shared cases say (the server runs the same cases). */
import assert from "node:assert/strict";
import * as v from "valibot";
import { CHANGE_PASSWORD_CASES } from "@apca/rules/messages/auth-cases";
import { ChangePasswordSchema } from "./change-password.ts";

const webIssues = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(ChangePasswordSchema, input).issues ?? []).map((i) => [v.getDotPath(i) ?? "", i.message])
      .reverse(),
  );

Deno.test("change password: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of CHANGE_PASSWORD_CASES) {
    assert.deepStrictEqual(webIssues(input), issues, JSON.stringify(input));
  }
});
