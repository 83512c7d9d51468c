import pino from "pino";
import { describe, expect, it } from "vitest";
import { hideInLogs, loggableUrl, maskEmail, pageAnsweredLine } from "#app/lib/logger.server.ts";

describe("what the log may show", () => {
  it("names the secret paths and drops tokens from paths and query values", () => {
    hideInLogs("an-admin-secret-segment", "ADMIN_PATH");
    expect(loggableUrl("/an-admin-secret-segment?q=buyer%40example.com&page=2")).toBe(
      "/{ADMIN_PATH}?q=%E2%80%A6&page=2",
    );
    expect(loggableUrl("/an-admin-secret-segment/orders.csv")).toBe("/{ADMIN_PATH}/orders.csv");
    expect(loggableUrl("/download/abc.def")).toBe("/download/{token}");
    expect(loggableUrl("/confirm-download/abcdef")).toBe("/confirm-download/{token}");
    expect(loggableUrl("/invoice/abc.def")).toBe("/invoice/{token}");
    expect(loggableUrl("/review/abc.def")).toBe("/review/{token}");
    expect(loggableUrl("/Review/abc.def.data?_routes=routes%2Freview")).toBe(
      "/Review/{token}.data?_routes=%E2%80%A6",
    );
    expect(loggableUrl("/Invoice/abc.def")).toBe("/Invoice/{token}");
    expect(loggableUrl("/pay/test/test_cs_123")).toBe("/pay/test/{session}");
    expect(loggableUrl("/success?t=lifetime-token")).toBe("/success?t=%E2%80%A6");
    expect(loggableUrl("/blog/some-article")).toBe("/blog/some-article");
  });

  it("hides them in React Router's data requests and in every spelling the routers accept", () => {
    hideInLogs("an-admin-secret-segment", "ADMIN_PATH");
    hideInLogs("a-success-secret-segment", "SUCCESS_PATH");
    expect(loggableUrl("/an-admin-secret-segment.data?_routes=routes%2Fsecret%2Froute")).toBe(
      "/{ADMIN_PATH}.data?_routes=%E2%80%A6",
    );
    expect(loggableUrl("/a-success-secret-segment.data?t=lifetime-token")).toBe(
      "/{SUCCESS_PATH}.data?t=%E2%80%A6",
    );
    expect(loggableUrl("/an-admin-secret-segment/orders/7/evidence.data")).toBe(
      "/{ADMIN_PATH}/orders/7/evidence.data",
    );
    expect(loggableUrl("/AN-ADMIN-SECRET-SEGMENT")).toBe("/{ADMIN_PATH}");
    expect(loggableUrl("/%61n-admin-secret-segment.DATA")).toBe("/{ADMIN_PATH}.data");
    expect(loggableUrl("//a-success-secret-segment")).toBe("//{SUCCESS_PATH}");
    expect(loggableUrl("/DOWNLOAD/abc.def")).toBe("/DOWNLOAD/{token}");
    expect(loggableUrl("/Download/abc.def/entries/3")).toBe("/Download/{token}/entries/3");
    expect(loggableUrl("/%64ownload/abc.def")).toBe("/%64ownload/{token}");
    expect(loggableUrl("//download/abc.def")).toBe("//download/{token}");
    expect(loggableUrl("/Confirm-Download/abcdef.data")).toBe("/Confirm-Download/{token}.data");
    expect(loggableUrl("/PAY/Test/test_cs_123.data")).toBe("/PAY/Test/{session}.data");
    expect(loggableUrl("/an-admin-secret-segment%")).toBe("/an-admin-secret-segment%");
  });

  it("masks e-mail addresses", () => {
    expect(maskEmail("buyer@example.com")).toBe("b…@example.com");
    expect(maskEmail("not-an-address")).toBe("…");
  });
});

describe("the request line of a page answered from memory (ADR 026)", () => {
  it("is the line pino writes for the same request, byte for byte, whatever the client sent as its id", () => {
    const lines: string[] = [];
    const time = 1_795_507_239_387;
    const pinoLogger = pino(
      {
        base: undefined,
        timestamp: () => `,"time":${time}`,
        redact: ["req.headers", "res.headers", "password"],
      },
      { write: (line: string) => lines.push(line) },
    );
    for (const id of ["79bc531b-cb2f-43bc-a042-91d469365c41", 'a"quote\\back\nline\u2028é<']) {
      const answer = { id, method: "GET", url: "/blog?t=%E2%80%A6", statusCode: 304, responseTime: 3 };
      pinoLogger.info(
        {
          req: { id, method: answer.method, url: answer.url },
          res: { statusCode: answer.statusCode },
          responseTime: answer.responseTime,
        },
        "request completed",
      );
      const line = pageAnsweredLine(answer, time);
      expect(line).toBe(lines.at(-1));
      expect(JSON.parse(line).req.id).toBe(id);
    }
  });
});
