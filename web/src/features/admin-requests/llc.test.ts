import assert from "node:assert/strict";
import { endsInLlc, llcFields } from "./llc.ts";

Deno.test("a company name ending in LLC fills the new company's LLC Name", () => {
  for (const name of ["Harborline Marine LLC", "Harborline Marine, L.L.C.", "Bayou Tugs llc ", "X L.L.C"]) {
    assert.equal(endsInLlc(name), true, name);
  }
  for (const name of ["Harborline Marine", "Rollcall Inc", "HILLC Towing", "LLC Holdings Inc"]) {
    assert.equal(endsInLlc(name), false, name);
  }
  assert.deepStrictEqual(llcFields("Harborline Marine LLC", false, null), {
    is_llc: "on",
    llc_name: "Harborline Marine LLC",
  });
  assert.deepStrictEqual(llcFields("Harborline Marine", false, null), { is_llc: "", llc_name: "" });
  assert.deepStrictEqual(llcFields("Harborline Marine", true, "Harborline Holdings LLC"), {
    is_llc: "on",
    llc_name: "Harborline Holdings LLC",
  });
  assert.deepStrictEqual(llcFields("Harborline Marine", true, null), {
    is_llc: "on",
    llc_name: "Harborline Marine",
  });
});
