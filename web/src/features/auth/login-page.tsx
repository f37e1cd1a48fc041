import { Link, useLocation, useSearchParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { safeNext } from "../../lib/safe-next.ts";
import { noticeOnNextPage } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { logIn } from "./api.ts";
import { LoginSchema } from "./schemas.ts";

/** /login: "Account Login". Success goes to ?next (same-site only) or /app. */
export default function LoginPage() {
  useSignals();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const message = search.get("msg");
  const { errors, formError, busy, onSubmit } = useFormSubmit(LoginSchema, async (credentials) => {
    const user = await logIn(credentials);
    const next = safeNext(search.get("next"));
    // A second factor to set up or confirm comes first (decision 0043).
    if (user.second_factor === "enrol" || user.second_factor === "verify") {
      navigate(`/login/second-factor?next=${encodeURIComponent(next)}`, { replace: true });
      return;
    }
    noticeOnNextPage("Successfully logged into your account");
    navigate(next, { replace: true });
  });

  return (
    <div className="narrow">
      {message && <Alert variant="success">{message}</Alert>}
      <form noValidate onSubmit={onSubmit} aria-label="Account Login">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.value.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.value.password}
        />
        <Button type="submit" busy={busy.value} busyLabel="Logging in…">Log In</Button>
        {formError.value && <Alert variant="error">{formError.value}</Alert>}
      </form>
      <p>
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New to APCA? <Link href="/register">Create an account</Link>
      </p>
    </div>
  );
}
