import assert from "node:assert/strict";
import { stateOptionValue, US_STATES, US_TERRITORIES } from "./us-states.ts";

Deno.test("the State select lists the 50 states and DC, then the five inhabited territories, once each", () => {
  assert.deepStrictEqual(US_STATES.length, 51);
  assert.deepStrictEqual(US_STATES.filter((s) => s.code === "DC").length, 1);
  assert.deepStrictEqual(US_TERRITORIES.map((s) => s.code).sort(), ["AS", "GU", "MP", "PR", "VI"]);
  const codes = [...US_STATES, ...US_TERRITORIES].map((s) => s.code);
  assert.deepStrictEqual(new Set(codes).size, codes.length);
  for (const code of codes) assert.match(code, /^[A-Z]{2}$/);
});

Deno.test("a stored state selects its code; a name of the list or another case too; anything else stays", () => {
  assert.deepStrictEqual(stateOptionValue("LA"), "LA");
  assert.deepStrictEqual(stateOptionValue(" la "), "LA");
  assert.deepStrictEqual(stateOptionValue("Louisiana"), "LA");
  assert.deepStrictEqual(stateOptionValue("puerto rico"), "PR");
  assert.deepStrictEqual(stateOptionValue("Ontario"), "Ontario");
  assert.deepStrictEqual(stateOptionValue(""), "");
  assert.deepStrictEqual(stateOptionValue(null), "");
  assert.deepStrictEqual(stateOptionValue(undefined), "");
});
