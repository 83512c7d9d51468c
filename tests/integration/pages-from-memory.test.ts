import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../setup/server.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw exchange: the path as written, the body as sent (fetch would decode it). */
function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  return new Promise<Raw>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: options.method, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The security headers every response carried before the pages moved out of Express, with their values. */
const SECURITY = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};
const CONNECTION = ["connection", "date", "keep-alive"];
/** Every header of a 200 from memory, as Express sent it (its identity answer has no Content-Encoding). */
const PAGE_HEADERS = [
  ...Object.keys(SECURITY),
  ...CONNECTION,
  "x-request-id",
  "content-security-policy",
  "vary",
  "content-type",
  "cache-control",
  "etag",
  "content-encoding",
  "content-length",
].sort();
/** A 304 has them but Content-Type and Content-Length. */
const NOT_MODIFIED_HEADERS = PAGE_HEADERS.filter(
  (name) => name !== "content-type" && name !== "content-length",
);

const names = (response: Raw) => Object.keys(response.headers).sort();
const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };

describe("the prerendered pages and the landing page, answered before Express", () => {
  let server: RunningServer;
  let article: string;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info" });
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    article = new URL(/<loc>([^<]*\/blog\/[^<]+)<\/loc>/.exec(sitemap)![1]!).pathname;
  });
  afterAll(() => server.stop());

  it("carry exactly the headers Express sent, in every encoding, and the same bytes", async () => {
    const pages = [
      { path: "/", type: "text/html; charset=utf-8", cache: "public, max-age=0, must-revalidate" },
      { path: article, type: "text/html; charset=utf-8", cache: "public, max-age=0, must-revalidate" },
      { path: "/blog", type: "text/html; charset=utf-8", cache: "public, max-age=0, must-revalidate" },
      { path: "/sitemap.xml", type: "application/xml", cache: "public, max-age=300" },
      { path: "/blog.data", type: "application/octet-stream", cache: "public, max-age=300" },
    ];
    // A response of Express's chain (React Router's 404) for the headers every response shares.
    const viaExpress = await raw(server.port, "/no-such-page");
    expect(viaExpress.status).toBe(404);
    for (const page of pages) {
      const identity = await raw(server.port, page.path, { headers: { "accept-encoding": "identity" } });
      const etags = new Set<string>();
      for (const encoding of ["br", "gzip", "identity"] as const) {
        const res = await raw(server.port, page.path, { headers: { "accept-encoding": encoding } });
        const what = `${page.path} ${encoding}`;
        expect(res.status, what).toBe(200);
        expect(names(res), what).toEqual(
          PAGE_HEADERS.filter((n) => encoding !== "identity" || n !== "content-encoding"),
        );
        for (const [name, value] of Object.entries(SECURITY)) {
          expect(res.headers[name], `${what} ${name}`).toBe(value);
          expect(res.headers[name], `${what} ${name}`).toBe(viaExpress.headers[name]);
        }
        expect(res.headers["content-type"], what).toBe(page.type);
        expect(res.headers["cache-control"], what).toBe(page.cache);
        expect(res.headers.vary, what).toBe("Accept-Encoding");
        expect(res.headers["content-encoding"], what).toBe(encoding === "identity" ? undefined : encoding);
        expect(Number(res.headers["content-length"]), what).toBe(res.body.length);
        expect(decode[encoding](res.body).equals(identity.body), what).toBe(true);
        expect(res.headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
        expect(res.headers["content-security-policy"], what).not.toContain("nonce-");
        etags.add(String(res.headers.etag));
      }
      expect(etags.size, page.path).toBe(3);
    }
  });

  it("answer a revalidation with 304, HEAD without a body, and a request's own id", async () => {
    const br = { "accept-encoding": "br" };
    const first = await raw(server.port, article, { headers: br });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}, "other"`, "*"]) {
      const again = await raw(server.port, article, { headers: { ...br, "if-none-match": ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(names(again)).toEqual(NOT_MODIFIED_HEADERS);
      expect(again.headers.etag).toBe(etag);
      expect(again.body.length).toBe(0);
    }
    // A reload (no-cache) and another encoding's ETag get the page again.
    const reload = await raw(server.port, article, {
      headers: { ...br, "if-none-match": etag, "cache-control": "no-cache" },
    });
    expect(reload.status).toBe(200);
    const gzip = await raw(server.port, article, {
      headers: { "accept-encoding": "gzip", "if-none-match": etag },
    });
    expect(gzip.status).toBe(200);

    const head = await raw(server.port, article, { method: "HEAD", headers: br });
    expect(head.status).toBe(200);
    expect(names(head)).toEqual(PAGE_HEADERS);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
    const headNotModified = await raw(server.port, article, {
      method: "HEAD",
      headers: { ...br, "if-none-match": etag },
    });
    expect(headNotModified.status).toBe(304);

    // Brotli refused by q=0: gzip; any encoding (*): brotli.
    const refused = await raw(server.port, "/", { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const any = await raw(server.port, "/", { headers: { "accept-encoding": "*" } });
    expect(any.headers["content-encoding"]).toBe("br");

    const id = "x".repeat(80);
    const withId = await raw(server.port, "/?utm_source=newsletter", { headers: { "x-request-id": id } });
    expect(withId.status).toBe(200);
    expect(withId.headers["x-request-id"]).toBe(id.slice(0, 64));
    const generated = await raw(server.port, "/");
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("log each page with the request line Express logged: id, method, path, status, no query values", async () => {
    for (const [id, url, logged] of [
      ["page-log-query", "/blog?t=secret-token", "/blog?t=%E2%80%A6"],
      ["page-log-path", "/blog", "/blog"],
    ] as const) {
      await raw(server.port, url, { headers: { "x-request-id": id } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes(`"id":"${id}"`));
      expect(line, "a log line with the request's id").toBeDefined();
      const entry = JSON.parse(line!);
      expect(entry).toMatchObject({
        level: 30,
        req: { id, method: "GET", url: logged },
        res: { statusCode: 200 },
        msg: "request completed",
      });
      expect(typeof entry.responseTime).toBe("number");
      expect(line).not.toContain("secret-token");
    }
  });

  it("leave every other request to Express: trailing slashes, other paths, other methods, bodies", async () => {
    const slash = await raw(server.port, "/blog/?page=2");
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe("/blog?page=2");
    expect(slash.headers["x-content-type-options"]).toBe("nosniff");
    const unknown = await raw(server.port, "/blog/no-such-article-here");
    expect(unknown.status).toBe(404);
    const index = await raw(server.port, "/blog/index.html");
    expect(index.status).toBe(404);
    const post = await raw(server.port, "/blog", { method: "POST" });
    expect(post.status).toBe(405);
    // A body, even on a GET, is bounded by Express's limits (server/body-limit.ts).
    const body = await raw(server.port, "/", {
      headers: { "content-type": "text/plain", "content-length": String(64 * 1024) },
      body: Buffer.alloc(64 * 1024),
    });
    expect(body.status).toBe(413);
  });
});
