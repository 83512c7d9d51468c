import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { WEBHOOK_BODIES_AT_ONCE } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { signDelivery } from "../mocks/stripe-events.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { type RunningServer, startServer } from "../setup/server.ts";
import { buildZip } from "../setup/zip-fixtures.ts";

const ADMIN_PATH = "limits-admin-0123456789";
const PASSWORD = "limits-admin-password";
const MB = 1024 * 1024;
/** The attack's body: far more than any limit, far less than the kernel buffers could hide. */
const HUGE = 128 * MB;
/** What the client may have written before the answer: the server's reads plus the socket buffers. */
const EARLY = 16 * MB;
const pglite = testBackends()[0]!;
const WEBHOOK_SECRET = "whsec_limits_secret";

/** A Stripe-Signature header as Stripe's look, signed at `secondsAgo`, its signature wrong. */
const forgedSignature = (secondsAgo = 0) =>
  `t=${Math.floor(Date.now() / 1000) - secondsAgo},v1=${"0".repeat(64)}`;

interface RawAnswer {
  /** The status of the answer, 0 when the connection closed without one. */
  status: number;
  /** Body bytes the client managed to write before the answer came or the connection closed. */
  sent: number;
  /** Milliseconds from the first byte sent to the connection's close. */
  closedAfterMs: number;
}

/**
 * Sends a request over a raw socket: its head, then `body` and as much `filler` after it (in
 * 64 KB chunks, chunked encoding) as the server takes, until `total` bytes, the answer, or the
 * connection's end. Without `total`, trickles one filler byte every `trickleMs` instead.
 */
function rawPost(
  url: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; total?: number; trickleMs?: number },
): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), "127.0.0.1");
    const started = Date.now();
    let response = "";
    let sent = 0;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      resolve({ status, sent, closedAfterMs: Date.now() - started });
      socket.destroy();
    };
    socket.on("data", (chunk) => {
      response += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", finish);
    const chunk = (data: Buffer | string) => {
      const bytes = Buffer.from(data);
      sent += bytes.length;
      return socket.write(
        Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]),
      );
    };
    const head = Object.entries({
      host: `127.0.0.1:${port}`,
      origin: url,
      "content-type": "application/x-www-form-urlencoded",
      "transfer-encoding": "chunked",
      // The answer's end is the connection's.
      connection: "close",
      ...opts.headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.on("connect", async () => {
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      if (opts.body) chunk(opts.body);
      if (opts.total === undefined) {
        const trickle = () => {
          if (done || socket.destroyed) return;
          chunk("a");
          timer = setTimeout(trickle, opts.trickleMs ?? 300);
        };
        return trickle();
      }
      const filler = Buffer.alloc(64 * 1024, "a");
      while (!done && !socket.destroyed && !response && sent < opts.total) {
        if (!chunk(filler))
          await new Promise<void>((next) => {
            const go = () => {
              socket.off("drain", go).off("close", go);
              next();
            };
            socket.once("drain", go).once("close", go);
          });
      }
      if (!done && !socket.destroyed) socket.write("0\r\n\r\n");
    });
  });
}

describe("request bodies over HTTP (a store on sale, with Stripe)", () => {
  let stripe: FakeStripe;
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  let server: RunningServer;
  const large = join(tmpdir(), `store-limits-${process.pid}.zip`);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // A product file larger than the socket buffers, so a download that is not read stays open.
    await writeFile(large, buildZip([{ name: "large.bin", data: randomBytes(24 * MB) }]));
    seeded = await startSeededServer(
      pglite,
      {
        ADMIN_PATH,
        ADMIN_PASSWORD: PASSWORD,
        STRIPE_SECRET_KEY: "sk_test_limits",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
      large,
    );
    server = seeded.server;
  });
  afterAll(async () => {
    await server.stop();
    await stripe.close();
    await rm(large, { force: true });
  });

  it("refuses a chunked 128 MB checkout with 413 before reading it, and a 10 KB one is read", async () => {
    const attack = await rawPost(server.url, "/checkout", {
      body: "intent=buy&email=big%40example.com&pad=",
      total: HUGE,
    });
    expect(attack.status).toBe(413);
    expect(attack.sent).toBeLessThan(EARLY);
    // A form well within the limit still reaches the checkout (which answers it with Stripe's page).
    const normal = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "buy",
        email: "normal@example.com",
        consent: "on",
        pad: "a".repeat(10_000),
      }),
      redirect: "manual",
    });
    expect(normal.status).toBe(303);
  });

  it("refuses a chunked 128 MB webhook with 413 before reading it, and reads one under 1 MB", async () => {
    const attack = await rawPost(server.url, "/webhooks/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": forgedSignature() },
      total: HUGE,
    });
    expect(attack.status).toBe(413);
    expect(attack.sent).toBeLessThan(EARLY);
    // 900 KB is read whole and judged by its signature.
    const forged = await rawPost(server.url, "/webhooks/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": forgedSignature() },
      total: 900 * 1024,
    });
    expect(forged.status).toBe(400);
  });

  it("answers a webhook without a well-formed, fresh signature header with 400 without reading its body", async () => {
    const signatures = {
      unsigned: undefined,
      malformed: `t=${Math.floor(Date.now() / 1000)},v1=not-a-signature`,
      stale: forgedSignature(310),
    };
    for (const [kind, signature] of Object.entries(signatures)) {
      // A body that never ends: only an answer that does not wait for it comes.
      const answer = await rawPost(server.url, "/webhooks/stripe", {
        headers: {
          "content-type": "application/json",
          ...(signature !== undefined && { "stripe-signature": signature }),
        },
        trickleMs: 100,
      });
      expect(answer.status, kind).toBe(400);
      expect(answer.closedAfterMs, kind).toBeLessThan(5_000);
    }
  });

  it(`reads at most ${WEBHOOK_BODIES_AT_ONCE} webhook bodies at once, answering more with 503 and Retry-After`, async () => {
    // Deliveries whose body never comes, under headers as Stripe's look: each holds a read.
    const { port } = new URL(server.url);
    const held = Array.from({ length: WEBHOOK_BODIES_AT_ONCE }, () => {
      const socket = connect(Number(port), "127.0.0.1");
      socket.on("error", () => {});
      socket.write(
        `POST /webhooks/stripe HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `stripe-signature: ${forgedSignature()}\r\ncontent-length: 1000\r\n\r\n{`,
      );
      return socket;
    });
    // Until the held reads are all under way, a forged post is read and refused (400); then 503.
    await expect
      .poll(
        async () =>
          (
            await fetch(`${server.url}/webhooks/stripe`, {
              method: "POST",
              body: "{}",
              headers: { "content-type": "application/json", "stripe-signature": forgedSignature() },
            })
          ).status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(503);
    const delivery = signDelivery(
      {
        id: "evt_limits_1",
        object: "event",
        type: "checkout.session.expired",
        data: { object: { id: "cs_x" } },
      },
      WEBHOOK_SECRET,
    );
    const post = () =>
      fetch(`${server.url}/webhooks/stripe`, {
        method: "POST",
        body: delivery.body,
        headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
      });
    const over = await post();
    expect(over.status).toBe(503);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    for (const socket of held) socket.destroy();
    // Once the held reads are gone, Stripe's retry of the same delivery is taken.
    let retried = await post();
    await expect
      .poll(
        async () => {
          if (retried.status === 503) retried = await post();
          return retried.status;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200);
    expect(await retried.json()).toEqual({ received: true, duplicate: false });
  });

  it("refuses a 128 MB sign-in with 413, and a locked-out address gets 429 before its body is read", async () => {
    const signIn = (body: string, total?: number, headers: Record<string, string> = {}) =>
      rawPost(server.url, `/${ADMIN_PATH}`, { body, total: total ?? body.length, headers });
    const attack = await signIn("intent=sign-in&password=", HUGE);
    expect(attack.status).toBe(413);
    expect(attack.sent).toBeLessThan(EARLY);
    for (let i = 0; i < 10; i++) expect((await signIn("intent=sign-in&password=wrong")).status).toBe(401);
    const locked = await signIn("intent=sign-in&password=", HUGE);
    expect(locked.status).toBe(429);
    expect(locked.sent).toBeLessThan(EARLY);
    // Without TRUST_PROXY a client's X-Forwarded-For is not its address: rotating it changes nothing.
    for (const forwarded of ["203.0.113.7", "198.51.100.9"]) {
      const rotated = await signIn(`intent=sign-in&password=${PASSWORD}`, undefined, {
        "x-forwarded-for": forwarded,
      });
      expect(rotated.status).toBe(429);
    }
  });

  it("holds at most 4 downloads at once per address, answering 429 with Retry-After", async () => {
    // Downloads whose client does not read: each holds its connection until it is closed.
    const held = Array.from({ length: 4 }, () => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), "127.0.0.1");
      socket.write(`GET /download/${seeded.token()} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
      socket.pause();
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const fifth = await fetch(`${server.url}/download/${seeded.token()}`);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("retry-after")).toMatch(/^\d+$/);
    for (const socket of held) socket.destroy();
    // The cap counts downloads in progress: once they are gone, a download goes through.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await fetch(`${server.url}/download/${seeded.token()}`, {
      headers: { range: "bytes=0-9" },
    });
    expect(after.status).toBe(206);
  });

  it("took no order from the refused checkouts", async () => {
    await server.stop();
    const services = await seeded.open();
    try {
      const emails = (await services.database.db.select({ email: orders.email }).from(orders)).map(
        (row) => row.email,
      );
      expect(emails.sort()).toEqual(["buyer@example.com", "normal@example.com"]);
    } finally {
      await services.close();
    }
  });
});

describe("slow clients and forwarded addresses (TRUST_PROXY=1, 1 s body timeout)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_PATH,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      BODY_TIMEOUT_SECONDS: "1",
    });
  });
  afterAll(() => server.stop());

  it("cuts a body trickling a byte every 300 ms after the timeout, with 408", async () => {
    const slow = await rawPost(server.url, "/checkout", { body: "intent=buy&email=", trickleMs: 300 });
    expect(slow.status).toBe(408);
    expect(slow.closedAfterMs).toBeLessThan(5_000);
  });

  it("cuts headers trickling a byte every 300 ms after the timeout", async () => {
    const { port } = new URL(server.url);
    const closedAfter = await new Promise<number>((resolve) => {
      const started = Date.now();
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nx-slow: "));
      const timer = setInterval(() => socket.write("a"), 300);
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
      setTimeout(() => socket.destroy(), 8_000);
    });
    expect(closedAfter).toBeLessThan(5_000);
  });

  it("takes the client address from X-Forwarded-For behind one proxy", async () => {
    const signIn = (password: string, forwarded: string) =>
      fetch(`${server.url}/${ADMIN_PATH}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-in", password }),
        headers: { origin: server.url, "x-forwarded-for": forwarded },
        redirect: "manual",
      });
    for (let i = 0; i < 10; i++) expect((await signIn("wrong", "203.0.113.7")).status).toBe(401);
    expect((await signIn(PASSWORD, "203.0.113.7")).status).toBe(429);
    // Another client behind the same proxy is not locked out by the first one's failures.
    expect((await signIn(PASSWORD, "198.51.100.9")).status).toBe(302);
  });
});

describe("files left by failed uploads", () => {
  it("are swept at start and logged: old temporary files and product files no product uses", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-sweep-"));
    // A store that has run: its database is there (a data directory with files and none is refused).
    await (await openDatabase({ dataDir })).close();
    const products = join(dataDir, "files", "products");
    const temporary = join(dataDir, "files", ".tmp");
    await mkdir(products, { recursive: true });
    await mkdir(temporary, { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    const plant = async (path: string, bytes: number, old: boolean) => {
      await writeFile(path, Buffer.alloc(bytes, 1));
      if (old) await utimes(path, hourAgo, hourAgo);
    };
    await plant(join(products, "toolkit-1700000000000-aaaaaaaa.zip"), 3000, true);
    await plant(join(temporary, "6f1c2a9e-0000-4000-8000-000000000000.part"), 5000, true);
    // Written a moment ago: an upload another instance may still be recording.
    await plant(join(products, "toolkit-1700000000001-bbbbbbbb.zip"), 700, false);
    await plant(join(temporary, "6f1c2a9e-0000-4000-8000-000000000001.part"), 700, false);

    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    try {
      expect(await readdir(products)).toEqual(["toolkit-1700000000001-bbbbbbbb.zip"]);
      expect(await readdir(temporary)).toEqual(["6f1c2a9e-0000-4000-8000-000000000001.part"]);
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes("removed files left by failed uploads"));
      expect(JSON.parse(line ?? "{}")).toMatchObject({ files: 2, bytes: 8000 });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
