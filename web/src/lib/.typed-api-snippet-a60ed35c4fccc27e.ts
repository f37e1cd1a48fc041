import { call } from "./typed-api.ts";
await call("/auth/items").GET({ query: { pages: 1 } });
