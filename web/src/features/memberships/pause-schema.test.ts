import assert from "node:assert/strict";
import { pauseWords } from "./pause-schema.ts";

Deno.test("the member's own pause form keeps the spec's question", () => {
  assert.equal(pauseWords(true).question, "Why are you pausing your membership?");
  assert.equal(pauseWords(true, "Morgan Lee").question, "Why are you pausing your membership?");
});

Deno.test("someone else's pause form names the member, or says 'this member' until the name is known", () => {
  const named = pauseWords(false, "Morgan Lee");
  assert.equal(named.question, "Why are you pausing Morgan Lee's membership?");
  assert.match(named.lead, /^While Morgan Lee's membership is paused Morgan Lee is out of the random/);
  assert.equal(pauseWords(false, null).question, "Why are you pausing this member's membership?");
  assert.equal(pauseWords(false, "  ").question, "Why are you pausing this member's membership?");
  for (const w of [named, pauseWords(false)]) {
    assert.doesNotMatch(`${w.question} ${w.lead} ${w.otherHint}`, /\byour\b/i);
  }
});
