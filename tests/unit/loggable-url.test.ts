import { describe, expect, it } from "vitest";
import { hideInLogs, loggableUrl, maskEmail } from "#app/lib/logger.server.ts";

describe("what the log may show", () => {
  it("names the secret paths and drops tokens from paths and query values", () => {
    hideInLogs("an-admin-secret-segment", "ADMIN_PATH");
    expect(loggableUrl("/an-admin-secret-segment?q=buyer%40example.com&page=2")).toBe(
      "/{ADMIN_PATH}?q=%E2%80%A6&page=2",
    );
    expect(loggableUrl("/an-admin-secret-segment/orders.csv")).toBe("/{ADMIN_PATH}/orders.csv");
    expect(loggableUrl("/download/abc.def")).toBe("/download/{token}");
    expect(loggableUrl("/confirm-download/abcdef")).toBe("/confirm-download/{token}");
    expect(loggableUrl("/pay/test/test_cs_123")).toBe("/pay/test/{session}");
    expect(loggableUrl("/success?t=lifetime-token")).toBe("/success?t=%E2%80%A6");
    expect(loggableUrl("/blog/some-article")).toBe("/blog/some-article");
  });

  it("masks e-mail addresses", () => {
    expect(maskEmail("buyer@example.com")).toBe("b…@example.com");
    expect(maskEmail("not-an-address")).toBe("…");
  });
});
