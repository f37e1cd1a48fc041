import assert from "node:assert/strict";
import { geoErrorWords, mapsLink, milesWords, SITE_WORDS, ZIP_PATTERN } from "./collection-sites.ts";

Deno.test("collection sites: the maps link searches the one-line address", () => {
  assert.deepEqual(
    mapsLink({ address: { line1: "1200 Clinton Dr", city: "Galena Park", state: "TX", zip: "77547" } }),
    "https://www.google.com/maps/search/?api=1&query=1200%20Clinton%20Dr%2C%20Galena%20Park%2C%20TX%2077547",
  );
  assert.deepEqual(
    mapsLink({ address: { line1: "1 E Bay St #2 & B", city: "Savannah", state: "GA", zip: "31401" } }),
    "https://www.google.com/maps/search/?api=1&query=1%20E%20Bay%20St%20%232%20%26%20B%2C%20Savannah%2C%20GA%2031401",
  );
});

Deno.test("collection sites: distances, ZIP codes and location refusals in words", () => {
  assert.deepEqual([milesWords(0.4), milesWords(1), milesWords(12.5), milesWords(3)], [
    "0.4 miles",
    "1 mile",
    "12.5 miles",
    "3 miles",
  ]);
  assert.deepEqual(["77029", "7702", "770299", "abcde", " 77029"].map((z) => ZIP_PATTERN.test(z)), [
    true,
    false,
    false,
    false,
    false,
  ]);
  assert.deepEqual([geoErrorWords(1), geoErrorWords(2), geoErrorWords(3)], [
    SITE_WORDS.geoDenied,
    SITE_WORDS.geoUnavailable,
    SITE_WORDS.geoUnavailable,
  ]);
});
