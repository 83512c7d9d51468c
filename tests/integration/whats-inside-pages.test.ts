/**
 * Issue 32, item 3: "What's inside" of a ZIP with thousands of files cannot exhaust the store's
 * memory. The listing is made once per product and shown INSIDE_PAGE_SIZE files a page, and the
 * route is held to the downloads' cap per address (30 requests at once on a 10,000-entry ZIP took
 * the store from 186 MB to 1.3 GB, answered 500 and stalled /healthz for 21 s).
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSIDE_PAGE_SIZE, insidePage } from "#app/lib/downloads/inside-listing.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { DOWNLOADS_PER_CLIENT, RETRY_AFTER_SECONDS } from "../../server/per-client-cap.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { buildZip } from "../setup/zip-fixtures.ts";

const SUCCESS_PATH = "inside-pages-0123456789";
const FILES = 10_000;
const pglite = testBackends()[0]!;

describe("What's inside of a 10,000-file pack", () => {
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  let inside: string;

  beforeAll(async () => {
    const zip = join(tmpdir(), `inside-pages-${process.pid}.zip`);
    const names = Array.from({ length: FILES }, (_, i) => `Templates/Folder ${i % 50}/template ${i}.pdf`);
    await writeFile(zip, buildZip(names.map((name) => ({ name, data: Buffer.from(name) }))));
    seeded = await startSeededServer(pglite, { SUCCESS_PATH }, zip);
    inside = `${seeded.server.url}/${SUCCESS_PATH}/inside?t=${seeded.accessToken}`;
  }, 60_000);
  afterAll(() => seeded?.server.stop());

  it("holds 30 requests at once from one address to the downloads' cap, with Retry-After", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(inside)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(DOWNLOADS_PER_CLIENT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      30 - DOWNLOADS_PER_CLIENT,
    );
    expect(answers.find((answer) => answer.status === 429)?.headers.get("retry-after")).toBe(
      String(RETRY_AFTER_SECONDS),
    );
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  });

  it(`lists ${INSIDE_PAGE_SIZE} files a page, with links to the pages either side`, async () => {
    const pages = Math.ceil(FILES / INSIDE_PAGE_SIZE);
    const page = async (query: string) => {
      const answer = await fetch(`${inside}${query}`);
      const html = await answer.text();
      expect(answer.status, `${query}: ${html.slice(0, 300)}`).toBe(200);
      return { html, files: new Set(html.match(/entry=\d+/g)).size };
    };
    const first = await page("");
    expect(first.files).toBe(INSIDE_PAGE_SIZE);
    expect(first.html).toContain(`Page 1 of ${pages}`);
    expect(first.html).toContain(`href="?t=${seeded.accessToken}&amp;page=2"`);
    expect(first.html).not.toContain("Previous page");
    const second = await page("&page=2");
    expect(second.html).toContain(`href="?t=${seeded.accessToken}&amp;page=1"`);
    expect(second.html).toContain(`href="?t=${seeded.accessToken}&amp;page=3"`);
    // Past the last page is the last page; anything else is the first.
    const last = await page("&page=9999");
    expect(last.html).toContain(`Page ${pages} of ${pages}`);
    expect(last.html).not.toContain("Next page");
    expect((await page("&page=abc")).html).toContain(`Page 1 of ${pages}`);
  });

  it("makes the listing once per product", async () => {
    await seeded.server.stop();
    const services = await seeded.open();
    try {
      const product = (await getCurrentProduct(services.database.db))!;
      const [a, b] = [await insidePage(services, product, 3), await insidePage(services, product, 3)];
      expect(a.files).toHaveLength(INSIDE_PAGE_SIZE);
      // The same entries, not made again.
      expect(b.files[0]).toBe(a.files[0]);
    } finally {
      await services.close();
      seeded.server = await seeded.restart();
    }
  });
});
