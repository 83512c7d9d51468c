import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { offerAvailability } from "../setup/offer-availability.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { failedStart, type RunningServer, startServer } from "../setup/server.ts";

/** A raw request, so paths reach the server exactly as written (fetch would normalise them). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("the store server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("prints the store and admin addresses at every start, the generated password at the first only", async () => {
    expect(server.output()).toMatch(/Store: http:\/\/localhost:\d+\//);
    const adminPath = server.output().match(/Admin: http:\/\/localhost:\d+\/([\w-]{24})/)?.[1];
    expect(adminPath).toBeTruthy();
    expect(server.output()).toMatch(/Admin password \(shown once, keep it safe\): [\w-]{24}/);
    await server.stop();
    server = await startServer({ DATA_DIR: server.dataDir });
    expect(server.output()).toMatch(/Store: /);
    expect(server.output()).toMatch(new RegExp(`Admin: http://localhost:\\d+/${adminPath}\n`));
    expect(server.output()).not.toMatch(/Admin password/);
  });

  it("ends its start-up output with the addresses and the password, in a block of their own", async () => {
    const store = await startServer({ LOG_LEVEL: "info" });
    try {
      // What the running store logs once it listens (requests, its jobs' work) may follow the
      // block; every line of the start itself comes before it.
      const lines = store
        .output()
        .split("\n")
        .filter((line) => line !== "");
      const top = lines.findIndex((line) => /^─+$/.test(line));
      expect(top).toBeGreaterThan(-1);
      const block = lines.slice(top, top + 7);
      expect(block[0]).toMatch(/^─+$/);
      expect(block[1]).toMatch(/^Store: http:\/\/localhost:\d+\/$/);
      expect(block[2]).toBe(`Version: ${JSON.parse(readFileSync("package.json", "utf8")).version}`);
      expect(block[3]).toMatch(/^Payments: /);
      expect(block[4]).toMatch(/^Admin: http:\/\/localhost:\d+\/[\w-]{24}$/);
      expect(block[5]).toMatch(/^Admin password \(shown once, keep it safe\): [\w-]{24}$/);
      expect(block[6]).toBe(block[0]);
      expect(lines.findIndex((line) => line.includes('"msg":"listening"'))).toBeLessThan(top);
      expect(lines.findIndex((line) => line.includes('"msg":"services ready"'))).toBeLessThan(top);
    } finally {
      await store.stop();
    }
  });

  it("serves the prerendered home page, precompressed, with security headers", async () => {
    const res = await rawGet(server.port, "/", { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("says the toolkit is out of stock while no ZIP is uploaded, in every encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding") ?? "identity").toBe(encoding);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      const html = await res.text();
      expect(offerAvailability(html), encoding).toBe("OutOfStock");
      expect(html).toContain("Get Instant Access - $47");
    }
  });

  it("answers the landing page's revalidations with 304 and HEAD without a body", async () => {
    const first = await rawGet(server.port, "/", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    const again = await rawGet(server.port, "/", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    // Another encoding is other bytes, with its own ETag.
    const gzip = await rawGet(server.port, "/", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    const head = await fetch(`${server.url}/?utm_source=newsletter`, {
      method: "HEAD",
      headers: { "accept-encoding": "br" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(await head.text()).toBe("");
  });

  it("answers health checks: alive, and ready with the database migrated and the files writable", async () => {
    const alive = await rawGet(server.port, "/healthz");
    expect(alive.status).toBe(200);
    expect(JSON.parse(alive.body)).toEqual({ status: "ok" });
    const ready = await rawGet(server.port, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    "/no-such-page",
    "/deep/unknown/path",
    "/../../etc/passwd",
    "/..%2f..%2fpackage.json",
    "/assets/..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/package.json",
    "/build/server/index.js",
    "/server/index.ts",
    `/${"a".repeat(8 * 1024)}`,
  ])("answers %s with the 404 page, never a file outside the public folder", async (path) => {
    const res = await rawGet(server.port, path);
    expect(res.status, path).toBe(404);
    expect(res.body).not.toContain('"name": "coaching-toolkit-store"');
    expect(res.body).not.toContain("createRequestHandler");
    if (!path.startsWith("/assets/")) expect(res.body).toContain("Oops! Page not found");
  });

  it.each(["/%ff", "/%c3%28", "/blog/%e0%80%af"])(
    "answers invalid UTF-8 %s with 400 or 404, not 500",
    async (path) => {
      const res = await rawGet(server.port, path);
      expect([400, 404]).toContain(res.status);
    },
  );

  it("serves hashed assets with immutable caching", async () => {
    const home = await rawGet(server.port, "/");
    const asset = home.body.match(/\/assets\/[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await rawGet(server.port, asset!, { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("stops gracefully on SIGTERM", async () => {
    const code = await server.stop("SIGTERM");
    // A graceful stop exits with 0; a process killed by the signal would report null.
    expect(code).toBe(0);
    server = await startServer({ DATA_DIR: server.dataDir });
  });
});

describe("with a product on sale", () => {
  it("says the toolkit is in stock", async () => {
    const seeded = await startSeededServer(testBackends()[0]!);
    try {
      const html = await (await fetch(`${seeded.server.url}/`)).text();
      expect(offerAvailability(html)).toBe("InStock");
    } finally {
      await seeded.server.stop();
    }
  });
});

const postgres = testBackends().find((b) => b.name === "postgres");

describe.runIf(postgres)("when PostgreSQL drops the store's connections", () => {
  afterAll(() => postgres?.cleanup());

  it("keeps running, reconnects, and serves the landing page even with the database gone", async () => {
    const url = await postgres!.freshUrl!();
    const server = await startServer({ DATABASE_URL: url });
    const admin = new pg.Client({ connectionString: url });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // What a restart or failover does to the pool's idle connections.
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await admin.end();
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(server.process.exitCode).toBeNull();

      const name = new URL(url).pathname.slice(1);
      const owner = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await owner.connect();
      await owner.query(`drop database "${name}" with (force)`);
      await owner.end();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", failing: ["database"] });
      // Alive all the same: a load balancer takes it out of rotation, nothing restarts it.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Pages that need the database say to try again: 503, never a stack trace.
      const checkout = await fetch(`${server.url}/checkout`);
      expect(checkout.status).toBe(503);
      const page = await checkout.text();
      expect(page).toContain("Unexpected Application Error!");
      expect(page).toContain("The store is briefly unavailable. Please try again in a minute.");
      expect(page).not.toMatch(/\bat .*\.(ts|js):\d+/);
      const posted = await fetch(`${server.url}/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", email: "outage@example.com", consent: "on" }),
        headers: { origin: server.url },
      });
      expect(posted.status).toBe(503);
      const landing = await fetch(`${server.url}/`);
      expect(landing.status).toBe(200);
      expect(await landing.text()).toContain("Get Instant Access - $47");
      expect(server.output()).toContain("could not read whether a product is for sale");
    } finally {
      await server.stop();
    }
  });
});

describe("misconfiguration", () => {
  it.each([
    [{ PORT: "not-a-port" }, /PORT: /],
    [{ DATABASE_URL: "mysql://localhost/x" }, /DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, /STRIPE_WEBHOOK_SECRET: required/],
    [{ PUBLIC_URL: "https://shop.example.com" }, /PAYMENTS: PUBLIC_URL is https but no STRIPE_SECRET_KEY/],
    [
      {
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_123",
        SELLER_NAME: "Coaching Shop Srl",
      },
      /^ {2}SELLER_ADDRESS, SELLER_VAT_ID: required when STRIPE_SECRET_KEY is set/m,
    ],
  ])("stops the start with a message naming the variable (%j)", async (env, message) => {
    const { code, output } = await failedStart(env);
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration/);
    expect(output).toMatch(message);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("npm start checks the configuration before it builds", async () => {
    const child = spawn("npm", ["start"], {
      env: { ...process.env, ADMIN_PATH: "short", PORT: "abc" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/^ {2}PORT: a port number from 1 to 65535$/m);
    expect(output).toMatch(/^ {2}ADMIN_PATH: 16 to 128 characters/m);
    expect(output).not.toContain("> react-router build");
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("says in words that it takes test payments when PAYMENTS=test", async () => {
    const server = await startServer({ PUBLIC_URL: "https://shop.example.com", PAYMENTS: "test" });
    try {
      expect(server.output()).toMatch(/Payments: TEST MODE: no card is charged/);
    } finally {
      await server.stop();
    }
  });
});
