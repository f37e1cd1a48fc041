# Build the web app, then a runtime image that runs the Deno server (`deno compile` needs a download, so the
# image ships `deno run`). Environment variables are documented in README.md.
FROM denoland/deno:2.9.6 AS build
WORKDIR /app
COPY deno.json deno.lock ./
COPY api/deno.json api/deno.json
# The shared rules member (decision 0055), a workspace member inside api/.
COPY api/rules/deno.json api/rules/deno.json
COPY web/deno.json web/deno.json
COPY e2e/deno.json e2e/deno.json
# The patched postgres.js (vendor/postgres/PATCHES.md), linked from deno.json.
COPY vendor vendor
RUN deno install
COPY . .
RUN deno task build

FROM denoland/deno:2.9.6
WORKDIR /app
COPY --from=build /app/deno.json /app/deno.lock ./
COPY --from=build /app/api api
COPY --from=build /app/sql sql
COPY --from=build /app/web/deno.json web/deno.json
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/e2e/deno.json e2e/deno.json
COPY --from=build /app/vendor vendor
RUN deno install --entrypoint api/src/main.ts api/src/worker.ts && mkdir -p /data && chown deno:deno /data
ENV PORT=8000 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    APP_ENV=production
EXPOSE 8000
USER deno
# One HTTP worker per core the container may use, all on PORT (WORKERS overrides; always 1 on the embedded
# PGlite database): decision 0094. deno.json enables the unstable `reusePort` they share the port with.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["deno", "eval", "const r = await fetch(`http://127.0.0.1:${Deno.env.get('PORT') ?? 8000}/api/health`); Deno.exit(r.ok ? 0 : 1)"]
CMD ["deno", "run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-sys", "api/src/main.ts"]
