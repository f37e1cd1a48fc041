/** The calendar's rules live in the shared rules member (decision 0055); the API's files import them here. */
export * from "@apca/rules/dates";
