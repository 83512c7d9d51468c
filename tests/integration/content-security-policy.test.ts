import { createHash } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const ADMIN_PATH = "csp-admin-secret-path-0123";
const SUCCESS_PATH = "csp-success-secret-path-0123";
const ADMIN_PASSWORD = "csp-admin-password-xyz";

interface Answer {
  status: number;
  body: string;
  /** Every value each header came with, by lower-case name: repeated headers stay separate. */
  headers: Map<string, string[]>;
}

/** A GET whose headers are read raw, so a header sent twice is seen twice. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const all = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        all.set(name, [...(all.get(name) ?? []), res.rawHeaders[i + 1]!]);
      }
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: all }));
    })
      .on("error", reject)
      .end();
  });
}

/** The policy's directives: name -> sources. */
function directives(answer: Answer): Map<string, string[]> {
  const policies = answer.headers.get("content-security-policy") ?? [];
  expect(policies, "one Content-Security-Policy header").toHaveLength(1);
  return new Map(
    policies[0]!.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The scripts a browser would run inline (not `src`, not JSON data blocks), with their nonce. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!),
    )
    .map(([, attributes, body]) => ({ nonce: /\snonce="([^"]+)"/.exec(attributes!)?.[1], body: body! }));
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * Issue 13, item 6: every kind of page forbids inline scripts but its own (a nonce per response for
 * the pages rendered on request, hashes for the pages served as files), and every response carries
 * one Referrer-Policy. An inline script injected into the signed-in admin page once read the orders
 * CSV and sent it away: tests/e2e/content-security-policy.spec.ts shows the browser now refuses it.
 */
describe("the Content Security Policy and the Referrer-Policy of every kind of response", () => {
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  let base: string;
  let cookie: string;
  let payPage: string;
  let successPage: string;

  beforeAll(async () => {
    seeded = await startSeededServer(testBackends()[0]!, { ADMIN_PATH, SUCCESS_PATH, ADMIN_PASSWORD });
    base = seeded.server.url;
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${base}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: base },
        redirect: "manual",
      });
    const ordered = await form("/checkout", { intent: "buy", email: "csp.buyer@example.com", consent: "on" });
    const paidPage = new URL(ordered.headers.get("location")!).pathname;
    successPage = (await form(paidPage, { intent: "pay" })).headers.get("location")!;
    // A paid session's payment page now leads on to the success page: the page itself is an unpaid one's.
    const unpaid = await form("/checkout", { intent: "buy", email: "csp.other@example.com", consent: "on" });
    payPage = new URL(unpaid.headers.get("location")!).pathname;
    const signedIn = await form(`/${ADMIN_PATH}`, { intent: "sign-in", password: ADMIN_PASSWORD });
    cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
  }, 60_000);
  afterAll(() => seeded.server.stop());

  interface Page {
    name: string;
    path: string;
    headers: Record<string, string>;
    /** Rendered without React (ADRs 029, 030): a page script from 'self', maybe no inline script at all. */
    withoutReact?: boolean;
  }
  const rendered = (): Page[] => [
    { name: "404", path: "/no-such-page", headers: {} },
    { name: "checkout", path: "/checkout", headers: {}, withoutReact: true },
    { name: "test payment page", path: payPage, headers: {} },
    { name: "success page", path: successPage, headers: {}, withoutReact: true },
    { name: "signed-in admin page", path: `/${ADMIN_PATH}`, headers: { cookie } },
  ];
  const files = (): Page[] => [
    { name: "landing page", path: "/", headers: {} },
    { name: "blog index", path: "/blog", headers: {} },
    { name: "article", path: `/blog/${blogSlugs()[0]}`, headers: {} },
  ];

  it("allows no inline script on any page but the page's own", async () => {
    for (const page of [...rendered(), ...files()]) {
      const answer = await get(`${base}${page.path}`, page.headers);
      const policy = directives(answer);
      expect(policy.get("script-src"), page.name).not.toContain("'unsafe-inline'");
      expect(policy.get("script-src")?.[0], page.name).toBe("'self'");
      expect(policy.get("script-src-attr"), page.name).toBeUndefined();
      expect(policy.get("object-src"), page.name).toEqual(["'none'"]);
      expect(policy.get("base-uri"), page.name).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), page.name).toEqual(["'none'"]);
      expect(policy.get("form-action"), page.name).toEqual(["'self'", "https://checkout.stripe.com"]);
      const allowed = policy.get("script-src")!;
      for (const script of inlineScripts(answer.body)) {
        const byNonce = script.nonce !== undefined && allowed.includes(`'nonce-${script.nonce}'`);
        expect(byNonce || allowed.includes(sha256(script.body)), `${page.name}: ${script.body}`).toBe(true);
      }
    }
  });

  it("gives each page rendered on request a fresh nonce, carried by all its inline scripts", async () => {
    for (const page of rendered()) {
      const nonces = [];
      for (let i = 0; i < 2; i++) {
        const answer = await get(`${base}${page.path}`, page.headers);
        const nonce = directives(answer)
          .get("script-src")
          ?.find((source) => source.startsWith("'nonce-"))
          ?.slice("'nonce-".length, -1);
        expect(nonce, page.name).toMatch(/^[\w+/]{22}==$/);
        const scripts = inlineScripts(answer.body);
        // React Router's hydration data and route modules are inline: the page needs its nonce.
        if (!page.withoutReact) expect(scripts.length, page.name).toBeGreaterThan(0);
        for (const script of scripts) expect(script.nonce, page.name).toBe(nonce);
        nonces.push(nonce);
      }
      expect(nonces[0], page.name).not.toBe(nonces[1]);
    }
  });

  it("lists the hash of each inline script of a page served as a file, and no nonce", async () => {
    for (const page of files()) {
      const answer = await get(`${base}${page.path}`);
      const scriptSources = directives(answer).get("script-src")!;
      expect(
        scriptSources.filter((source) => source.startsWith("'nonce-")),
        page.name,
      ).toEqual([]);
      const hashes = inlineScripts(answer.body).map((script) => sha256(script.body));
      // Its one inline script is its page script, put inside it at build (ADR 031).
      expect(hashes, page.name).toHaveLength(1);
      expect(scriptSources.slice(1).sort(), page.name).toEqual([...new Set(hashes)].sort());
    }
  });

  it("sends exactly one Referrer-Policy with every response", async () => {
    const answers: Page[] = [
      ...rendered(),
      ...files(),
      { name: "orders CSV", path: `/${ADMIN_PATH}/orders.csv`, headers: { cookie } },
      { name: "admin page data", path: `/${ADMIN_PATH}.data`, headers: { cookie } },
      { name: "download", path: `/download/${seeded.token()}`, headers: {} },
      { name: "trailing-slash redirect", path: "/blog/", headers: {} },
      { name: "robots.txt", path: "/robots.txt", headers: {} },
      { name: "missing asset", path: "/assets/missing.js", headers: {} },
    ];
    const policies: Record<string, string[] | undefined> = {};
    for (const page of answers) {
      const answer = await get(`${base}${page.path}`, page.headers);
      expect(answer.status, page.name).toBeLessThan(500);
      policies[page.name] = answer.headers.get("referrer-policy");
    }
    // One decision per response: the site's, which sends no part of a secret URL to another site.
    expect(policies).toEqual(Object.fromEntries(answers.map((page) => [page.name, ["same-origin"]])));
  });
});
