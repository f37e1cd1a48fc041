/** The web (valibot) and the server (zod) must reject the same login input with the same words. */
import * as v from "valibot";
import {
  EMAIL_PATTERN as WEB_EMAIL_PATTERN,
  LOGIN_MESSAGES as WEB_MESSAGES,
  LoginSchema as WebLogin,
} from "../../../web/src/features/auth/schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import { EMAIL_PATTERN, LOGIN_MESSAGES, LoginBody } from "./schemas.ts";

const serverIssues = (input: unknown) =>
  Object.fromEntries(
    (LoginBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );
const webIssues = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(WebLogin, input).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("login: web and server messages agree", () => {
  assertEquals(WEB_MESSAGES, LOGIN_MESSAGES);
  assertEquals(WEB_EMAIL_PATTERN.source, EMAIL_PATTERN.source);
  const cases = [
    { email: "", password: "" },
    { email: "   ", password: "x" },
    { email: "no-at-sign", password: "x" },
    { email: "a@b", password: "x" },
    { email: "mariner@example.com", password: "" },
    { email: "mariner@example.com", password: "secret" },
    { email: " Mariner@Example.com ", password: "secret" },
  ];
  for (const input of cases) assertEquals(webIssues(input), serverIssues(input), JSON.stringify(input));
});
