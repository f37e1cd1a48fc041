/**
 * The public site's pages live once in the shared rules member (`@apca/rules/public-pages`, decision 0055):
 * the route table (routes/public.ts) attaches a screen to each, the build writes them to dist/public-pages.json,
 * and the server's tests read the same list.
 */
export { PUBLIC_PAGES, type PublicPage, type PublicPath } from "@apca/rules/public-pages";
