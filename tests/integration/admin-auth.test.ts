import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../setup/server.ts";

const ADMIN_PATH = "auth-admin-0123456789";
const PASSWORD = "auth-admin-password";

/** Sign-in, sessions and the failed-attempt limit, as a browser (or an attacker) reaches them over HTTP. */
describe("admin sign-in over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PATH, ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(() => server.stop());

  const signIn = (password: string, extra: Record<string, string> = {}) =>
    fetch(`${server.url}/${ADMIN_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", password, ...extra }),
      headers: { origin: server.url },
      redirect: "manual",
    });
  const panel = (cookie?: string) =>
    fetch(`${server.url}/${ADMIN_PATH}`, { headers: cookie ? { cookie } : {} });

  it("signs in with the password, sets a strict HttpOnly cookie, and a new session each time", async () => {
    const first = await signIn(PASSWORD);
    expect(first.status).toBe(302);
    const setCookie = first.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^admin_session=[\w-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    const cookie = setCookie.split(";")[0]!;
    expect(await (await panel(cookie)).text()).toContain("Da fare ora");
    const second = (await signIn(PASSWORD)).headers.get("set-cookie")!.split(";")[0];
    expect(second).not.toBe(cookie);
  });

  it("refuses forged cookies and cross-site posts", async () => {
    for (const cookie of [
      "admin_session=forged",
      `admin_session=${"a".repeat(43)}`,
      `admin_session=${"x".repeat(5000)}`,
    ]) {
      const html = await (await panel(cookie)).text();
      expect(html).toContain("Accedi al pannello");
      expect(html).not.toContain("Da fare ora");
    }
    const crossSite = await fetch(`${server.url}/${ADMIN_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", password: PASSWORD }),
      headers: { origin: "https://evil.example" },
      redirect: "manual",
    });
    expect([400, 403]).toContain(crossSite.status);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a filled honeypot, and a 1 MB password before reading it (413, not an attempt)", async () => {
    expect((await signIn(PASSWORD, { website: "http://spam.example" })).status).toBe(401);
    expect((await signIn("p".repeat(1024 * 1024))).status).toBe(413);
  });

  it("locks sign-in after 10 failed attempts, even with the right password", async () => {
    // One failure above already counted; nine more reach the limit.
    for (let i = 0; i < 9; i++) expect((await signIn("wrong password")).status).toBe(401);
    const locked = await signIn(PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Troppi tentativi falliti\. Riprova tra 1[45] minuti\./);
  });

  it("marks the admin page noindex and uncacheable", async () => {
    const response = await panel();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain('content="noindex, nofollow"');
  });
});

describe("admin sign-in under parallel guesses", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PATH, ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(() => server.stop());

  it("checks at most 10 passwords however many guesses arrive at once, and refuses the rest", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${server.url}/${ADMIN_PATH}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", password: `wrong guess ${i}` }),
          headers: { origin: server.url },
          redirect: "manual",
        }),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    // Ten pass the limit; of those, the ones that find the password checks' queue full are refused too.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - checked);
  });
});

/**
 * A sign-in sent as a site that points its own name at the store (DNS rebinding) sends that name
 * as Host and as Origin: the store compares the Origin with PUBLIC_URL's, never with Host.
 */
describe("the admin's same-origin check", () => {
  let servers: RunningServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));
  const start = async (env: Record<string, string>) => {
    const server = await startServer({ ADMIN_PATH, ADMIN_PASSWORD: PASSWORD, ...env });
    servers = [...servers, server];
    return server;
  };

  /** A sign-in POST as `host` names the server, from a page of `origin`; its status. */
  const signInAs = (server: RunningServer, host: string, origin: string) =>
    new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams({ intent: "sign-in", password: PASSWORD }).toString();
      const req = request(
        {
          host: "127.0.0.1",
          port: server.port,
          agent: false,
          path: `/${ADMIN_PATH}`,
          method: "POST",
          headers: {
            host,
            origin,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  it("with PUBLIC_URL, takes only its origin", async () => {
    const server = await start({ PUBLIC_URL: "http://shop.example" });
    expect(await signInAs(server, "shop.example", "http://shop.example")).toBe(302);
    expect(await signInAs(server, "rebound.example", "http://rebound.example")).toBe(403);
    expect(await signInAs(server, `127.0.0.1:${server.port}`, `http://127.0.0.1:${server.port}`)).toBe(403);
  });

  it("without PUBLIC_URL, takes the request's own origin only where it names the server as localhost or by address", async () => {
    const server = await start({});
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`])
      expect(await signInAs(server, host, `http://${host}`), host).toBe(302);
    const rebound = `rebound.example:${server.port}`;
    expect(await signInAs(server, rebound, `http://${rebound}`)).toBe(403);
  });
});
