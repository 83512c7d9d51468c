import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import * as ready from "#app/routes/readyz.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

/** Loaders and actions take their services from the router context: a test hands them its own. */
describe("routes called with the test's own services", () => {
  const backend = testBackends()[0]!;
  let services: TestServices;
  beforeEach(async () => {
    services = await testServices(backend);
  });
  afterEach(() => services.dispose());
  afterAll(() => backend.cleanup());

  const args = (request: Request) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never;
  };

  it("the checkout loader reads whether these services have a product", async () => {
    const request = new Request("http://shop.test/checkout");
    expect(await checkout.loader(args(request))).toMatchObject({ available: false, claimed: null });
    await seedProduct(services);
    expect(await checkout.loader(args(request))).toMatchObject({ available: true, claimed: null });
  });

  it("the checkout action creates the order in these services' database", async () => {
    await seedProduct(services);
    const request = new Request("http://shop.test/checkout", {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "Route@Test.example", consent: "on" }),
    });
    const response = (await checkout.action(args(request))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^http:\/\/shop\.test\/pay\/test\/test_cs_/);
    const orders = await services.database.db.query.orders.findMany();
    expect(orders.map((o) => o.email)).toEqual(["route@test.example"]);
  });

  it("the readiness check asks these services' database and file store", async () => {
    const response = await ready.loader(args(new Request("http://shop.test/readyz")));
    expect(await response.json()).toEqual({ status: "ready" });
    const unwritable = Object.assign(Object.create(services.files), {
      check: () => Promise.reject(new Error("EACCES: permission denied")),
    });
    services = { ...services, files: unwritable };
    const failing = await ready.loader(args(new Request("http://shop.test/readyz")));
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({ status: "unavailable", failing: ["files"] });
  });
});
