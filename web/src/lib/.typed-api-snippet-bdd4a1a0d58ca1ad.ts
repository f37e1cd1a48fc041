import { call } from "./typed-api.ts";
await call("/auth/items/{id}").PATCH({ params: { id: 3 }, body: { name: "x", cost_cents: 1 } });
