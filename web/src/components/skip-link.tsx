/** First focusable element on every page: jumps past the navigation to <main id="main">. */
export function SkipLink() {
  return <a className="skip-link" href="#main">Skip to main content</a>;
}
