import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { readZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { products } from "#db/schema.ts";
import { startS3 } from "../mocks/s3.ts";
import { testBackends } from "../setup/databases.ts";
import { offerAvailability } from "../setup/offer-availability.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

const postgres = testBackends().find((b) => b.name === "postgres");

/**
 * Two instances, one PostgreSQL and one S3 store, and no TOKEN_SECRET: a purchase that crosses
 * them completes, signed with the one generated secret the database keeps (ADR 037).
 */
describe.runIf(postgres)("scale-out: two instances on one PostgreSQL and one S3 store", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: RunningServer;
  let b: RunningServer;
  let shared: Record<string, string>;
  let bytes: Buffer;

  beforeAll(async () => {
    s3 = await startS3();
    shared = {
      ...s3.env,
      // One store behind a load balancer: one public address for every instance.
      PUBLIC_URL: "http://shop.test",
      DATABASE_URL: await postgres!.freshUrl!(),
      ADMIN_PATH: "scale-admin-0123456789",
      SUCCESS_PATH: "scale-success-0123456789",
      ADMIN_PASSWORD: "scale-admin-password",
    };
    const seeding = await createServices(
      parseEnv({ ...shared, DATA_DIR: await mkdtemp(join(tmpdir(), "scale-")) }),
    );
    ({ bytes } = await seedProduct(seeding));
    await seeding.close();
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3.close();
    await postgres!.cleanup();
  });

  it("checks out on one instance with the offer taken on the other, pays and downloads across them", async () => {
    const unlocked = await fetch(`${b.url}/checkout/offer`, {
      method: "POST",
      headers: { origin: "http://shop.test" },
    });
    expect(unlocked.status).toBe(200);
    const { offer } = (await unlocked.json()) as { offer: string };
    const checkout = await fetch(`${a.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "scale@example.com", consent: "on", offer }),
      redirect: "manual",
    });
    expect(checkout.status).toBe(303);
    const payPath = new URL(checkout.headers.get("location")!).pathname;
    const sessionId = payPath.split("/").at(-1)!;

    const paid = await fetch(`${b.url}${payPath}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/${shared.SUCCESS_PATH}?session_id=${sessionId}`);

    const success = await (await fetch(`${a.url}/${shared.SUCCESS_PATH}?session_id=${sessionId}`)).text();
    expect(success).toContain("Payment Successful!");

    const services = await createServices(
      parseEnv({ ...shared, DATA_DIR: await mkdtemp(join(tmpdir(), "scale-")) }),
    );
    const [order] = await services.database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.providerSessionId, sessionId),
    });
    await services.close();
    expect(order?.status).toBe("paid");
    expect(order?.amountCents).toBe(3525);

    // A link signed by a third process (its own data directory) opens on the first instance, which
    // streams the buyer's personal copy from the shared bucket (ADR 019): the product's entries as
    // stored, then the licence and the new directory.
    const token = createDownloadToken(services.settings.tokenSecrets, {
      orderId: order!.id,
      productId: null,
    });
    const download = await fetch(`${b.url}/download/${token}`, { redirect: "manual" });
    expect(download.status).toBe(200);
    const copy = Buffer.from(await download.arrayBuffer());
    const { offset } = await readZipDirectory(async (start, end) => bytes.subarray(start, end), bytes.length);
    expect(copy.subarray(0, offset).equals(bytes.subarray(0, offset))).toBe(true);
    expect(copy.includes(`LICENSE - ${order!.reference}.pdf`)).toBe(true);
  });

  it("both instances follow the product: in stock, then out of stock once it is taken down", async () => {
    const landing = async (server: RunningServer) => {
      const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": "br" } });
      return { availability: offerAvailability(await res.text()), etag: res.headers.get("etag") };
    };
    const [onA, onB] = await Promise.all([landing(a), landing(b)]);
    expect(onA.availability).toBe("InStock");
    expect(onB).toEqual(onA);

    const services = await createServices(
      parseEnv({ ...shared, DATA_DIR: await mkdtemp(join(tmpdir(), "scale-")) }),
    );
    await services.database.db.update(products).set({ current: false });
    try {
      // Each instance reads the product's state at most once a second.
      await expect.poll(async () => (await landing(a)).availability).toBe("OutOfStock");
      await expect.poll(async () => (await landing(b)).availability).toBe("OutOfStock");
      expect(await landing(b)).toEqual(await landing(a));
      expect((await landing(b)).etag).not.toBe(onB.etag);
    } finally {
      await services.database.db.update(products).set({ current: true });
      await services.close();
    }
  });
});
