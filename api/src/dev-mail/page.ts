/** The development mailbox page: plain server-rendered HTML, no scripts, no external assets. */
import type { MailRow } from "./queries.ts";

const escape = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** Escapes a text body and turns its http(s) URLs into links. */
export function linkify(text: string): string {
  // Runs on escaped text: a URL ends at whitespace or at an escaped quote or angle bracket (&amp; stays).
  return escape(text).replace(
    /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s<>"'])+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

/** "12.3 KB" */
const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The message's attachments, each with a download link (issue 37: a receipt's PDF, say). */
function attachmentList(m: MailRow): string {
  if (!m.attachments.length) return "";
  const items = m.attachments.map((a) =>
    `<li><a href="/dev/mail/attachments/${a.id}" download="${escape(a.filename)}">${
      escape(a.filename)
    }</a> (${escape(a.content_type)}, ${size(a.size)})</li>`
  );
  return `\n  <h3 id="mail-${m.id}-files">Attachments</h3>\n  <ul aria-labelledby="mail-${m.id}-files">${
    items.join("")
  }</ul>`;
}

function message(m: MailRow): string {
  const when = m.sent_at ?? m.created_at;
  return `<article aria-labelledby="mail-${m.id}">
  <h2 id="mail-${m.id}">${escape(m.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escape(m.to)}</dd>
    <dt>Time</dt><dd><time datetime="${when}">${when.replace("T", " ").slice(0, 19)} UTC</time></dd>
    <dt>Status</dt><dd>${escape(m.status)}${m.error ? `: ${escape(m.error)}` : ""}</dd>
  </dl>
  <pre>${linkify(m.text)}</pre>${attachmentList(m)}
</article>`;
}

export function mailboxPage(mail: MailRow[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox · APCA</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  article { border: 1px solid #767676; border-radius: 6px; padding: 0 1rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.15rem; }
  h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0 0 .5rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f3f3f3; padding: .75rem; border-radius: 4px; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Every e-mail the server recorded, newest first (at most 100). This page
exists only outside production; the same list is at <a href="/api/dev/mail">/api/dev/mail</a>.</p>
${mail.length ? mail.map(message).join("\n") : "<p>No e-mail yet.</p>"}
</main>
</body>
</html>`;
}
