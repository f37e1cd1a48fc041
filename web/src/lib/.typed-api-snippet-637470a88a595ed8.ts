import { call } from "./typed-api.ts";
await call("/auth/items/{id}").PUT({ params: { id: 3 }, body: { nam: "x", cost_cents: 1 } });
