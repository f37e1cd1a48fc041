/**
 * The server's login schema says what the shared cases say (`@apca/rules/messages/auth-cases`); the web's
 * form runs the same cases (web/src/features/auth/messages.test.ts), so both reject alike in the same words.
 */
import { LOGIN_CASES } from "@apca/rules/messages/auth-cases";
import { assertEquals } from "../testing/assert.ts";
import { LoginBody } from "./schemas.ts";

const serverIssues = (input: unknown) =>
  Object.fromEntries(
    (LoginBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );

Deno.test("login: the server rejects as the shared cases say", () => {
  for (const [input, issues] of LOGIN_CASES) assertEquals(serverIssues(input), issues, JSON.stringify(input));
});
