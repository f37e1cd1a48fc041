/**
 * A tiny SMTP server on 127.0.0.1 for tests: real sockets, no TLS, accepts any AUTH. It keeps what it received
 * and can refuse recipients, so the SMTP mailer is tested against the protocol rather than a mock.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Recipients answered with 550 at RCPT TO. */
  refuse: Set<string>;
  close(): Promise<void>;
}

/** Starts the server on `port` (default: any free one). */
export function startFakeSmtp(port = 0): FakeSmtp {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const { port: bound } = listener.addr as Deno.NetAddr;
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const connections = new Set<Promise<void>>();
  const conns = new Set<Deno.Conn>();

  async function serve(conn: Deno.Conn) {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const reply = (line: string) => conn.write(encoder.encode(`${line}\r\n`));
    let buffer = "";
    let data: string[] | null = null;
    let envelope: { from: string; to: string[] } = { from: "", to: [] };
    const chunk = new Uint8Array(8192);
    try {
      await reply("220 fake-smtp ready");
      while (true) {
        const n = await conn.read(chunk);
        if (n === null) return;
        buffer += decoder.decode(chunk.subarray(0, n));
        let end: number;
        while ((end = buffer.indexOf("\r\n")) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data) {
            if (line === ".") {
              received.push({ ...envelope, data: data.join("\n") });
              data = null;
              envelope = { from: "", to: [] };
              await reply("250 2.0.0 queued");
            } else data.push(line.startsWith("..") ? line.slice(1) : line);
            continue;
          }
          const verb = line.split(" ")[0].toUpperCase();
          const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (verb === "EHLO") await reply("250-fake-smtp\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME");
          else if (verb === "HELO") await reply("250 fake-smtp");
          else if (verb === "AUTH") await reply("235 2.7.0 accepted");
          else if (verb === "MAIL") {
            envelope.from = address;
            await reply("250 2.1.0 ok");
          } else if (verb === "RCPT") {
            if (refuse.has(address)) await reply("550 5.1.1 mailbox unavailable");
            else {
              envelope.to.push(address);
              await reply("250 2.1.5 ok");
            }
          } else if (verb === "DATA") {
            data = [];
            await reply("354 end with <CRLF>.<CRLF>");
          } else if (verb === "RSET") {
            envelope = { from: "", to: [] };
            await reply("250 ok");
          } else if (verb === "QUIT") {
            await reply("221 bye");
            return;
          } else await reply("502 not implemented");
        }
      }
    } catch {
      // The client went away or the test closed the server.
    } finally {
      conns.delete(conn);
      try {
        conn.close();
      } catch { /* already closed */ }
    }
  }

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        conns.add(conn);
        const job = serve(conn).finally(() => connections.delete(job));
        connections.add(job);
      }
    } catch { /* closed */ }
  })();

  return {
    url: `smtp://user:secret@127.0.0.1:${bound}`,
    received,
    refuse,
    async close() {
      listener.close();
      for (const conn of conns) {
        try {
          conn.close();
        } catch { /* already closed */ }
      }
      await accepting;
      await Promise.all(connections);
    },
  };
}
