import { assertEquals } from "../testing/assert.ts";
import { matchesOf } from "./candidates.ts";

const user = {
  email: "ada@sea.test",
  first_name: "Ada",
  last_name: "Lovelace",
  phone: "(504) 555-0100",
  uscg_cred: "MMC123",
};

Deno.test("an employee request's candidates: what matches, and which matches are strong enough to preselect", () => {
  const who = { email: null, first_name: "ada", last_name: "LOVELACE", phone: null, uscg_cred: null };
  assertEquals(matchesOf(who, user).match, ["name"]);
  assertEquals(matchesOf(who, user).strong, false, "a name alone is weak: two people may share it");
  assertEquals(matchesOf({ ...who, phone: "504-555-0100" }, user).match, ["name", "phone"]);
  assertEquals(matchesOf({ ...who, phone: "504-555-0100" }, user).strong, true);
  assertEquals(matchesOf({ ...who, uscg_cred: "mmc123" }, user).strong, true);
  const byEmail = matchesOf({ ...who, first_name: "Augusta", email: "ADA@sea.test" }, user);
  assertEquals([byEmail.match, byEmail.strong], [["email"], true]);
  assertEquals(
    matchesOf({ ...who, phone: "12" }, { ...user, phone: "12" }).match,
    ["name"],
    "too short a phone",
  );
  assertEquals(
    matchesOf({ ...who, email: "ada@sea.test", phone: "5045550100", uscg_cred: "MMC123" }, user).score,
    9,
  );
});
