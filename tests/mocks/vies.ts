/**
 * A local stand-in for the European Commission's VIES REST API (Vies on-the-Web,
 * swagger_publicVAT.yaml) speaking its wire format for the call the store makes: `POST
 * /check-vat-number` with a JSON CheckVatRequest, answered with a CheckVatResponse, or with a
 * CommonResponse (`actionSucceed: false` and its `errorWrappers`) when it cannot check. Like VIES it
 * refuses with HTTP 400 a body that is not JSON and a country outside VIES (INVALID_INPUT), and gives a
 * consultation number (`requestIdentifier`) only when the requester's member state and number come
 * with the question. `GET /check-status` says it is up (the e2e stores' readiness check). Tests
 * choose the answers: which numbers are registered, an outage, a slow answer, an answer about
 * another number, and read the questions asked.
 */
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The member states' VIES codes (Greece EL) and Northern Ireland's XI. */
const COUNTRIES = new Set(
  "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "),
);

/** The error codes VIES answers when it cannot check a number now. */
export type ViesOutageCode =
  | "SERVICE_UNAVAILABLE"
  | "MS_UNAVAILABLE"
  | "TIMEOUT"
  | "MS_MAX_CONCURRENT_REQ"
  | "GLOBAL_MAX_CONCURRENT_REQ";

export interface CheckVatRequest {
  countryCode?: unknown;
  vatNumber?: unknown;
  requesterMemberStateCode?: unknown;
  requesterNumber?: unknown;
}

export interface FakeVies {
  /** The API's base, as VIES_URL takes it. */
  url: string;
  /** Registered numbers ("DE136695976") and the name VIES gives for each ("---": not disclosed). */
  registered: Map<string, string>;
  /** Every well-formed number is registered (name "---"): the e2e stores' VIES. */
  registerEvery: boolean;
  /**
   * While set, every question is answered so: one of VIES's error codes (in a CommonResponse with
   * HTTP 200, or with `status`), or a bare HTTP error (a gateway's HTML page).
   */
  outage: { code: ViesOutageCode; status?: number } | { status: number } | null;
  /** Milliseconds every answer waits (a member state slower than the store waits for). */
  delayMs: number;
  /** While set, answers are about this number instead of the one asked ("DE811569869"). */
  answerAbout: string | null;
  /** The questions asked, in order. */
  requests: CheckVatRequest[];
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
};

const commonResponse = (error: string, message: string) => ({
  actionSucceed: false,
  errorWrappers: [{ error, message }],
});

/** `port` 0 picks a free one. */
export async function startFakeVies(port = 0): Promise<FakeVies> {
  const state: FakeVies = {
    url: "",
    registered: new Map(),
    registerEvery: false,
    outage: null,
    delayMs: 0,
    answerAbout: null,
    requests: [],
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://vies").pathname;
    if (request.method === "GET" && path === "/check-status")
      return json(response, 200, { vow: { available: true }, countries: [] });
    if (request.method !== "POST" || path !== "/check-vat-number")
      return json(response, 404, commonResponse("NOT_FOUND", "No such endpoint"));
    let text = "";
    for await (const chunk of request) text += chunk;
    let body: CheckVatRequest;
    try {
      body = JSON.parse(text);
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
    } catch {
      return json(response, 400, commonResponse("INVALID_INPUT", "The request body is not valid JSON"));
    }
    state.requests.push(body);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (response.destroyed) return;
    const { countryCode, vatNumber, requesterMemberStateCode, requesterNumber } = body;
    if (typeof countryCode !== "string" || !COUNTRIES.has(countryCode) || typeof vatNumber !== "string")
      return json(
        response,
        400,
        commonResponse("INVALID_INPUT", "The provided CountryCode is invalid or the VAT number is empty"),
      );
    const requester = requesterMemberStateCode !== undefined || requesterNumber !== undefined;
    if (
      requester &&
      (typeof requesterMemberStateCode !== "string" ||
        !COUNTRIES.has(requesterMemberStateCode) ||
        typeof requesterNumber !== "string" ||
        !/^[A-Z0-9]{2,14}$/.test(requesterNumber))
    )
      return json(
        response,
        400,
        commonResponse("INVALID_REQUESTER_INFO", "The requester information is invalid"),
      );
    const outage = state.outage;
    if (outage && "code" in outage)
      return json(response, outage.status ?? 200, commonResponse(outage.code, "Try again later"));
    if (outage)
      return response
        .writeHead(outage.status, { "Content-Type": "text/html" })
        .end("<html><body><h1>Service Unavailable</h1></body></html>");
    const about = state.answerAbout ?? `${countryCode}${vatNumber}`;
    const name =
      state.registered.get(about) ?? (state.registerEvery && /^\w{4,14}$/.test(vatNumber) ? "---" : null);
    json(response, 200, {
      countryCode: about.slice(0, 2),
      vatNumber: about.slice(2),
      requestDate: new Date().toISOString(),
      valid: name !== null,
      requestIdentifier: requester ? `WAPI${randomBytes(6).toString("hex").toUpperCase()}` : "",
      name: name ?? "---",
      address: "---",
      traderName: "",
      traderStreet: "",
      traderPostalCode: "",
      traderCity: "",
      traderCompanyType: "",
      traderNameMatch: "NOT_PROCESSED",
      traderStreetMatch: "NOT_PROCESSED",
      traderPostalCodeMatch: "NOT_PROCESSED",
      traderCityMatch: "NOT_PROCESSED",
      traderCompanyTypeMatch: "NOT_PROCESSED",
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
