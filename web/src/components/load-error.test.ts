import assert from "node:assert/strict";
import { ApiError } from "../lib/api.ts";
import { isNotFound, notFoundTitle } from "./load-error.tsx";

Deno.test("not found: a 404, or the API's 403 for what is not yours; never other failures", () => {
  assert.equal(isNotFound(new ApiError("Business not found", 404, "NOT_FOUND")), true);
  assert.equal(isNotFound(new ApiError("You do not have access to this.", 403, "FORBIDDEN")), true);
  assert.equal(isNotFound(new ApiError("Unavailable", 403, "COMPLIANCE_UNAVAILABLE")), false);
  assert.equal(isNotFound(new ApiError("Boom", 500, "INTERNAL")), false);
  assert.equal(isNotFound(new ApiError("Offline", 0, "NETWORK")), false);
  assert.equal(isNotFound(new Error("x")), false);
});

Deno.test("not found: the screen names what was asked for", () => {
  assert.equal(notFoundTitle("The business could not be loaded"), "Business not found");
  assert.equal(notFoundTitle("The employee could not be loaded"), "Employee not found");
  assert.equal(notFoundTitle("Your order could not be loaded"), "Order not found");
  assert.equal(notFoundTitle("The order could not be loaded"), "Order not found");
  assert.equal(notFoundTitle("Your cart could not be priced"), "Cart not found");
  assert.equal(notFoundTitle("Unable to load membership details"), "Membership not found");
});
