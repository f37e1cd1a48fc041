/**
 * A person's account fields as the specification words them (public spec §5: Account, Member): the messages and
 * patterns that registration, a user's profile and an employee request share (decision 0050). They live once in
 * the shared rules member (`@apca/rules/messages/registration`, decision 0055), which the web imports too; this
 * file keeps the name the API's domains import.
 */
export {
  DEFAULT_COUNTRY,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRATION_MESSAGES,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";
