/**
 * A buyer's purchase at the standard price in test mode, as the purchase specs make it, and the
 * unique addresses they buy with (each order its own, so the checkout's per-address limit and the
 * e-mails never mix runs).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A fresh address named by `tag`, for one order or one lost-link request. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Buys the toolkit at $47.00 with `email`, paying on the test payment page; ends on the success page. */
export async function buyAtFullPrice(page: Page, email: string) {
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Continue without discount" }).click();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  await page.getByRole("button", { name: "Pay $47.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
}
