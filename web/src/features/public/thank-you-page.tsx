/** /contact/thank-you: after the contact form. Its heading, 'Be In Touch Soon...', comes from the route table. */
import { Link } from "wouter";
import { OfficeContact } from "./parts.tsx";

export default function ThankYouPage() {
  return (
    <div className="prose">
      <p className="lead">
        Thank you for contacting APCA. Your message has reached our office, and a member of our team will
        reply by e-mail or phone.
      </p>
      <p>If your question cannot wait, call us:</p>
      <OfficeContact />
      <p>
        Meanwhile, many answers are in our <Link href="/about/frequently-asked-questions">FAQ</Link>. Or{" "}
        <Link href="/">return to the home page</Link>.
      </p>
    </div>
  );
}
