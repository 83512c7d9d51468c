import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";

/** The fake Stripe refuses what Stripe refuses, in Stripe's error shape, as the SDK reads it. */
describe("the fake Stripe's Checkout Sessions", () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    sdk = new Stripe("sk_test_fake", {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
  });
  afterAll(() => fake.close());

  const now = () => Math.floor(Date.now() / 1000);
  const valid = (): Stripe.Checkout.SessionCreateParams => ({
    mode: "payment",
    client_reference_id: "order-1",
    metadata: { order_id: "order-1" },
    line_items: [
      { quantity: 1, price_data: { currency: "usd", unit_amount: 4700, product_data: { name: "T" } } },
    ],
    expires_at: now() + 31 * 60,
    success_url: "http://shop.test/ok",
    cancel_url: "http://shop.test/",
  });
  /** A session that saves a payment method and charges nothing. */
  const setup = (): Stripe.Checkout.SessionCreateParams => ({
    mode: "setup",
    currency: "usd",
    client_reference_id: "order-1",
    expires_at: now() + 31 * 60,
    success_url: "http://shop.test/ok",
    cancel_url: "http://shop.test/",
  });
  const refusal = (params: object, options?: Stripe.RequestOptions) =>
    sdk.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams, options).then(
      () => null,
      (error: Stripe.errors.StripeError) => ({
        status: error.statusCode,
        type: error.type,
        param: error.param,
        message: error.message,
      }),
    );

  it("creates a session from valid parameters", async () => {
    expect(await refusal(valid())).toBeNull();
  });

  it.each([
    ["an unknown top-level parameter", { ...valid(), colour: "red" }, "colour"],
    [
      "an unknown nested parameter",
      { ...valid(), automatic_tax: { enabled: true, rate: 22 } },
      "automatic_tax[rate]",
    ],
    [
      "a unit amount that is not an integer",
      {
        ...valid(),
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: 47.5, product_data: { name: "T" } } },
        ],
      },
      "line_items[0][price_data][unit_amount]",
    ],
    [
      "a client_reference_id over 200 characters",
      { ...valid(), client_reference_id: "x".repeat(201) },
      "client_reference_id",
    ],
    [
      "a metadata key over 40 characters",
      { ...valid(), metadata: { ["k".repeat(41)]: "v" } },
      `metadata[${"k".repeat(41)}]`,
    ],
    [
      "a metadata value over 500 characters",
      { ...valid(), metadata: { order_id: "v".repeat(501) } },
      "metadata[order_id]",
    ],
    [
      "more than 50 metadata keys",
      { ...valid(), metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) },
      "metadata",
    ],
    ["an expiry under 30 minutes", { ...valid(), expires_at: now() + 29 * 60 }, "expires_at"],
    ["an expiry over 24 hours", { ...valid(), expires_at: now() + 24 * 3600 + 60 }, "expires_at"],
    ["no line items in payment mode", { ...valid(), line_items: undefined }, "line_items"],
    [
      "a negative unit amount",
      {
        ...valid(),
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: -1, product_data: { name: "T" } } },
        ],
      },
      "line_items[0][price_data][unit_amount]",
    ],
    [
      "a quantity of 0",
      {
        ...valid(),
        line_items: [
          { quantity: 0, price_data: { currency: "usd", unit_amount: 4700, product_data: { name: "T" } } },
        ],
      },
      "line_items[0][quantity]",
    ],
    [
      "a price without a currency",
      {
        ...valid(),
        line_items: [{ quantity: 1, price_data: { unit_amount: 4700, product_data: { name: "T" } } }],
      },
      "line_items[0][price_data][currency]",
    ],
    [
      "a product without a name",
      {
        ...valid(),
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 4700, product_data: {} } }],
      },
      "line_items[0][price_data][product_data][name]",
    ],
    ["a success_url that is not a URL", { ...valid(), success_url: "thank-you" }, "success_url"],
    ["an invalid customer_email", { ...valid(), customer_email: "buyer@" }, "customer_email"],
    ["a ui_mode the pinned version does not have", { ...valid(), ui_mode: "hosted" }, "ui_mode"],
    [
      "an address collection Stripe does not know",
      { ...valid(), billing_address_collection: "always" },
      "billing_address_collection",
    ],
    [
      "a total above 0 under the minimum charge",
      {
        ...valid(),
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: 49, product_data: { name: "T" } } },
        ],
      },
      "line_items",
    ],
    [
      "payment_method_collection outside subscription mode",
      { ...valid(), payment_method_collection: "if_required" },
      "payment_method_collection",
    ],
    ["line_items in setup mode", { ...valid(), mode: "setup", currency: "usd" }, "line_items"],
    [
      "payment_intent_data in setup mode",
      { ...setup(), payment_intent_data: { metadata: { order_id: "order-1" } } },
      "payment_intent_data",
    ],
    [
      "invoice_creation in setup mode",
      { ...setup(), invoice_creation: { enabled: true } },
      "invoice_creation",
    ],
    ["setup mode without a currency", { ...setup(), currency: undefined }, "currency"],
  ])("refuses %s with Stripe's 400", async (_name, params, param) => {
    expect(await refusal(params)).toMatchObject({ status: 400, type: "StripeInvalidRequestError", param });
  });

  it("requires no payment for a setup-mode session or a total of 0, and then makes no payment intent or charge", async () => {
    const setupSession = await sdk.checkout.sessions.create(setup());
    expect(setupSession).toMatchObject({
      mode: "setup",
      status: "open",
      payment_status: "no_payment_required",
      amount_total: null,
      payment_intent: null,
    });
    expect(setupSession.setup_intent).toMatch(/^seti_/);
    const free = await sdk.checkout.sessions.create({
      ...valid(),
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 0, product_data: { name: "T" } } },
      ],
    });
    // Open, a no-cost session is still unpaid; Checkout completes it without taking a payment.
    expect(free).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 0 });
    const charges = fake.charges.size;
    for (const session of [setupSession, free]) {
      fake.pay(session.id);
      expect(fake.lastEvent("checkout.session.completed").data.object).toMatchObject({
        id: session.id,
        status: "complete",
        payment_status: "no_payment_required",
        payment_intent: null,
        url: null,
        customer: expect.stringMatching(/^cus_/),
      });
    }
    expect(fake.charges.size).toBe(charges);
    // A paid session is never no_payment_required.
    fake.pay((await sdk.checkout.sessions.create(valid())).id);
    expect(fake.lastEvent("checkout.session.completed").data.object).toMatchObject({
      payment_status: "paid",
      payment_intent: expect.stringMatching(/^pi_/),
    });
    // Another integration's no-cost and setup sessions naming an order, as the store's tests use them.
    expect(fake.foreignSession({ client_reference_id: "order-1", amount: 0 })).toMatchObject({
      payment_status: "no_payment_required",
      payment_intent: null,
    });
    expect(fake.foreignSession({ client_reference_id: "order-1", mode: "setup" })).toMatchObject({
      payment_status: "no_payment_required",
      amount_total: null,
    });
  });

  it("takes only the parameters the pinned SDK's types declare, on every endpoint the store calls", async () => {
    const created = await sdk.checkout.sessions.create(valid());
    const paid = fake.pay(created.id);
    const unknown = async (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: Stripe.errors.StripeError) => `${error.statusCode} ${error.param} ${error.message}`,
      );
    const extra = { made_up: "1" } as object;
    const refusals = await Promise.all([
      unknown(sdk.checkout.sessions.create({ ...valid(), ...extra })),
      unknown(sdk.checkout.sessions.retrieve(created.id, extra)),
      unknown(sdk.checkout.sessions.list(extra)),
      unknown(sdk.invoices.retrieve(paid.invoice ?? "in_missing", extra)),
      unknown(sdk.paymentIntents.retrieve(paid.payment_intent!, extra)),
      unknown(sdk.refunds.create({ payment_intent: paid.payment_intent!, ...extra })),
      unknown(sdk.refunds.list(extra)),
      unknown(sdk.disputes.list(extra)),
    ]);
    expect(refusals).toEqual(Array(8).fill("400 made_up Received unknown parameter: made_up"));
    // What the store sends is declared: these succeed.
    await sdk.refunds.list({ payment_intent: paid.payment_intent!, limit: 100 });
    await sdk.disputes.list({ payment_intent: paid.payment_intent!, limit: 100 });
  });

  it("replays a key's first answer as it was, a 500 included", async () => {
    const key = `outage-${Date.now()}`;
    const params = valid();
    fake.failNext(500);
    expect(await refusal(params, { idempotencyKey: key })).toMatchObject({ status: 500 });
    // Stripe is up again, but the key's saved answer is the 500.
    expect(await refusal(params, { idempotencyKey: key })).toMatchObject({ status: 500 });
  });

  it("refuses to refund a charged-back payment (charge_disputed) but refunds an inquiry", async () => {
    const charged = fake.pay((await sdk.checkout.sessions.create(valid())).id);
    fake.openDispute(charged.payment_intent!);
    const refused = await sdk.refunds.create({ payment_intent: charged.payment_intent! }).catch((e) => e);
    expect(refused).toMatchObject({ statusCode: 400, code: "charge_disputed" });
    const asked = fake.pay((await sdk.checkout.sessions.create(valid())).id);
    const inquiry = fake.openDispute(asked.payment_intent!, "general", "inquiry");
    expect(inquiry).toMatchObject({ status: "warning_needs_response", is_charge_refundable: true });
    expect(inquiry.id).toMatch(/^du_/);
    expect(await sdk.refunds.create({ payment_intent: asked.payment_intent! })).toMatchObject({
      status: "succeeded",
    });
  });

  it("expires an open session when its clock reaches expires_at, with no url, and only then", async () => {
    const open = await sdk.checkout.sessions.create(valid());
    expect(open.url).toMatch(/^https:/);
    // Other tests' sessions may expire a second earlier: only this one's moment counts.
    expect(fake.clockReaches(open.expires_at - 1).map((s) => s.id)).not.toContain(open.id);
    expect(fake.clockReaches(open.expires_at).map((s) => s.id)).toContain(open.id);
    expect(fake.lastEvent("checkout.session.expired").data.object).toMatchObject({
      id: open.id,
      status: "expired",
      url: null,
    });
  });

  it("answers a reused idempotency key with the first session, or idempotency_error for other parameters", async () => {
    const key = `key-${Date.now()}`;
    const first = await sdk.checkout.sessions.create(valid(), { idempotencyKey: key });
    const again = await sdk.checkout.sessions.create(
      { ...valid(), expires_at: first.expires_at },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    expect(
      await refusal(
        { ...valid(), expires_at: first.expires_at, customer_email: "other@x.co" },
        { idempotencyKey: key },
      ),
    ).toMatchObject({ status: 400, type: "StripeIdempotencyError" });
  });

  it("lists completed sessions newest first, page by page, from a creation time", async () => {
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push(fake.pay((await sdk.checkout.sessions.create(valid())).id));
    await sdk.checkout.sessions.create(valid()); // open: not listed
    const old = fake.pay((await sdk.checkout.sessions.create(valid())).id);
    old.created = now() - 4 * 86_400;
    const listed = [];
    for await (const session of sdk.checkout.sessions.list({
      created: { gte: now() - 3 * 86_400 },
      status: "complete",
      limit: 2,
    }))
      listed.push(session.id);
    expect(listed.slice(0, 3)).toEqual(paid.map((s) => s.id).reverse());
    expect(listed).not.toContain(old.id);
    await expect(
      sdk.checkout.sessions.list({ status: "complete", colour: "red" } as Stripe.Checkout.SessionListParams),
    ).rejects.toMatchObject({ statusCode: 400, param: "colour" });
  });

  it("computes VAT inside the price and makes an invoice when the session asks for them", async () => {
    const session = await sdk.checkout.sessions.create({
      ...valid(),
      automatic_tax: { enabled: true },
      invoice_creation: { enabled: true },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 4700,
            tax_behavior: "inclusive",
            product_data: { name: "T" },
          },
        },
      ],
    });
    fake.pay(session.id, { country: "DE" });
    const paid = await sdk.checkout.sessions.retrieve(session.id, { expand: ["invoice"] });
    expect(paid.total_details?.amount_tax).toBe(750);
    expect(paid.customer_details?.address?.country).toBe("DE");
    const invoice = paid.invoice as Stripe.Invoice;
    expect(invoice.hosted_invoice_url).toMatch(/^https:\/\/invoice\.stripe\.test\//);
    expect((await sdk.invoices.retrieve(invoice.id!)).id).toBe(invoice.id);
    await expect(sdk.invoices.retrieve("in_missing")).rejects.toMatchObject({ statusCode: 404 });
  });
});
