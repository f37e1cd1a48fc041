/** The honest body of every screen that a later issue will build. */
export function NotBuiltYet() {
  return <p className="not-built">This screen is not built yet.</p>;
}
