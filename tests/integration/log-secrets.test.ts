import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const ADMIN_PATH = "log-admin-secret-path-0123";
const SUCCESS_PATH = "log-success-secret-path-0123";
const ADMIN_PASSWORD = "log-admin-password-xyz";
const BUYER = "secret.buyer@example.com";

/**
 * The log of a whole purchase and admin session holds none of the secrets the run met: the secret
 * paths, the admin password and session cookie, the payment session id, the e-mail's lifetime token,
 * download tokens and the buyer's address (issue 13, item 2), in React Router's data requests and
 * in every spelling of a path the routers accept.
 */
describe("the log of a purchase and an admin session", () => {
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  beforeAll(async () => {
    seeded = await startSeededServer(testBackends()[0]!, {
      ADMIN_PATH,
      SUCCESS_PATH,
      ADMIN_PASSWORD,
      LOG_LEVEL: "debug",
    });
  }, 60_000);
  afterAll(() => seeded.server.stop());

  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers });

  it("names no secret it met", async () => {
    const base = seeded.server.url;
    const secrets: string[] = [ADMIN_PATH, SUCCESS_PATH, ADMIN_PASSWORD, BUYER];

    const ordered = await form(`${base}/checkout`, { intent: "buy", email: BUYER, consent: "on" });
    const payPage = new URL(ordered.headers.get("location")!).pathname;
    const success = (await form(`${base}${payPage}`, { intent: "pay" })).headers.get("location")!;
    const sessionId = new URL(success, base).searchParams.get("session_id")!;
    secrets.push(sessionId);
    const referer = `${base}${success}`;
    await fetch(`${base}${success}`, { headers: { referer } });
    const answer = await form(
      `${base}/${SUCCESS_PATH}`,
      { intent: "download", session_id: sessionId },
      { referer },
    );
    const link = answer.headers.get("location")!.match(/\/download\/([\w-]+\.[\w-]+)/)!;
    secrets.push(link[1]!);
    expect((await fetch(`${base}${link[0]}`, { headers: { referer } })).status).toBe(200);

    // The delivery e-mail's lifetime link, opened as the buyer would.
    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      const mailDir = join(seeded.server.dataDir, "mail");
      const files = await readdir(mailDir).catch(() => []);
      for (const file of files) {
        const eml = (await readFile(join(mailDir, file), "utf8")).replace(/=\r?\n/g, "");
        if (eml.includes(BUYER)) token = eml.match(/[?&]t=([\w-]{20,})/)?.[1];
      }
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(token).toBeDefined();
    secrets.push(token!);
    expect((await fetch(`${base}/${SUCCESS_PATH}?t=${token}`)).status).toBe(200);

    const signedIn = await form(
      `${base}/${ADMIN_PATH}`,
      { intent: "sign-in", password: ADMIN_PASSWORD },
      { origin: base },
    );
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    secrets.push(cookie.split("=")[1]!);
    const search = `${base}/${ADMIN_PATH}/ordini?q=${encodeURIComponent(BUYER)}`;
    expect(await (await fetch(search, { headers: { cookie } })).text()).toContain(BUYER);
    await fetch(`${base}/${ADMIN_PATH}/orders.csv`, { headers: { cookie } });

    // React Router's data requests name the page's path with a suffix: every client-side
    // navigation, revalidation and form of the admin area and the success page.
    const dataSearch = `${base}/${ADMIN_PATH}/ordini.data?q=${encodeURIComponent(BUYER)}`;
    expect((await fetch(dataSearch, { headers: { cookie } })).status).toBe(200);
    const dataAction = await fetch(`${base}/${ADMIN_PATH}.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", password: "wrong" }),
      headers: { origin: base },
    });
    expect(dataAction.status).toBe(401);
    expect((await fetch(`${base}/${SUCCESS_PATH}.data?t=${token}`)).status).toBe(200);
    // The same paths in other spellings the routers accept, or try.
    expect((await fetch(`${base}/DOWNLOAD/${link[1]}`, { headers: { referer } })).status).toBe(200);
    await fetch(`${base}/Confirm-Download/${token}`);
    await fetch(`${base}/${ADMIN_PATH.toUpperCase()}`);
    await fetch(`${base}/%${ADMIN_PATH.charCodeAt(0).toString(16)}${ADMIN_PATH.slice(1)}.data`, {
      headers: { cookie },
    });

    // The log is every JSON line; the start's welcome block, the owner's own console, names the
    // admin's address on purpose (and only it: its other lines hold no secret).
    const output = seeded.server.output();
    const welcome = output.split("\n").filter((line) => !line.startsWith("{"));
    expect(welcome.filter((line) => line.toLowerCase().includes(ADMIN_PATH))).toEqual([
      `Admin: ${seeded.server.url.replace("127.0.0.1", "localhost")}/${ADMIN_PATH}`,
    ]);
    const log = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .join("\n");
    expect(log).toContain('"msg":"request completed"');
    expect(log).toContain("e-mail written");
    expect(log).toContain("/{ADMIN_PATH}.data");
    expect(log).toContain("/{SUCCESS_PATH}.data");
    expect(log).toContain("/DOWNLOAD/{token}");
    // Paths are matched regardless of case, so a secret in any case is one.
    for (const secret of secrets)
      expect(log.toLowerCase(), `the log names ${secret}`).not.toContain(secret.toLowerCase());
    expect(log).not.toMatch(/"cookie"|set-cookie|"referer"/i);
  });
});
