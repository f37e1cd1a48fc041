/** The membership state machine lives in the shared rules member (decision 0055); memberships/ imports it here. */
export * from "@apca/rules/membership-state";
