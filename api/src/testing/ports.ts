/** A port that was just free: nothing listens there until the test starts its own server on it. */
export function freePort(): number {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = probe.addr as Deno.NetAddr;
  probe.close();
  return port;
}
