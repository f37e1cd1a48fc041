/**
 * What the forms that take a company's or a person's contact fields share (registration's wizard, a business's
 * add and manage): the e-mail and phone patterns and the messages of the company fields, in the specification's
 * words (public spec §5). They live once in the shared rules member (`@apca/rules/messages/registration`,
 * decision 0055); this file keeps the name the API's domains import (decision 0051).
 */
export { COMPANY_FIELD_MESSAGES, EMAIL_PATTERN, PHONE_PATTERN } from "@apca/rules/messages/registration";
