/** The consent form's words (decision 0092), said by the server's zod rules and the web's valibot form alike. */
export const CONSENT_MESSAGES = {
  recipient: "Name one company or one person's e-mail address.",
  email: "Enter a valid e-mail address.",
  company: "Choose a company from the list.",
  range: "Give both dates of the range, the first not after the second.",
  expires: "The consent must run until today or a later day.",
  signature: "Type your full name as your signature.",
  signedOn: "Date your signature today.",
  self: "You cannot give a consent to yourself.",
} as const;
