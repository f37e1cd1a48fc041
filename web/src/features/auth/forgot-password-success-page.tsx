import { Link } from "wouter";
import { PASSWORD_RESET_MESSAGES } from "@apca/rules/messages/auth";

/** /forgot-password/success: the same words whether or not the address has an account (nothing is revealed). */
export default function ForgotPasswordSuccessPage() {
  return (
    <div className="narrow">
      <p>{PASSWORD_RESET_MESSAGES.requested}</p>
      <p>
        The link is valid for one hour and works once. If nothing arrives in a few minutes, check your spam
        folder or <Link href="/forgot-password">ask for another link</Link>.
      </p>
      <p>
        <Link href="/login">Back to login</Link>
      </p>
    </div>
  );
}
