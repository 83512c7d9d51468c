/**
 * Every way the built store refuses a product upload leaves it running: the
 * refused body is cut off by the server (server/body-limit.ts) while the upload code still holds
 * the file part, which once ended the process with an unhandled 'error' event. Each upload here
 * goes over a raw socket and waits for the server to close it, which is when the cut-off body's
 * error reaches the upload code; then the store must still be serving.
 */
import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectStillServing } from "../setup/no-crash.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

const ADMIN_PATH = "refusals-admin-0123456789";
const PASSWORD = "refusals-admin-password";
const MB = 1024 * 1024;
const MAX_UPLOAD_BYTES = 8 * MB;
const BOUNDARY = "----refused-upload";

interface Upload {
  fileName: string;
  /** The file's bytes; `filler` bytes follow them, as many as the server takes before answering. */
  file?: Uint8Array;
  filler?: number;
  fields?: [string, string][];
  cookie?: string;
  origin?: string;
  /** Sends Content-Length (the body's true size) instead of a chunked body. */
  declared?: boolean;
  /** Posted as a document, as a browser without JavaScript posts the form (the page script asks for JSON). */
  document?: boolean;
}

/**
 * Posts a multipart upload over a raw socket and resolves once the server has closed the
 * connection, with the answer's status (0 if none came) and body.
 */
function upload(
  server: RunningServer,
  request: Upload,
): Promise<{ status: number; head: string; body: string }> {
  const head = Buffer.from(
    [
      ...(request.fields ?? []).map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${request.fileName}"\r\n`,
      "Content-Type: application/octet-stream\r\n\r\n",
    ].join(""),
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const file = Buffer.from(request.file ?? new Uint8Array());
  const filler = request.filler ?? 0;
  const total = head.length + file.length + filler + tail.length;
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    const received: Buffer[] = [];
    let response = "";
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      response = Buffer.concat(received).toString("utf8");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      const end = response.indexOf("\r\n\r\n");
      resolve({ status, head: response.slice(0, end), body: response.slice(end + 4) });
    });
    const headers = [
      `POST /${ADMIN_PATH}/upload HTTP/1.1`,
      `host: 127.0.0.1:${server.port}`,
      `origin: ${request.origin ?? server.url}`,
      `content-type: multipart/form-data; boundary=${BOUNDARY}`,
      request.declared ? `content-length: ${total}` : "transfer-encoding: chunked",
      ...(request.document ? [] : ["accept: application/json"]),
      ...(request.cookie ? [`cookie: ${request.cookie}`] : []),
      "connection: close",
    ];
    const send = (bytes: Buffer) =>
      request.declared
        ? socket.write(bytes)
        : socket.write(
            Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]),
          );
    socket.on("connect", async () => {
      socket.write(`${headers.join("\r\n")}\r\n\r\n`);
      send(head);
      if (file.length > 0) send(file);
      const piece = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      // Stops writing once the answer has come, as a browser does.
      while (sent < filler && !response && !socket.destroyed) {
        const size = Math.min(piece.length, filler - sent);
        sent += size;
        if (!send(piece.subarray(0, size)))
          await new Promise<void>((next) => {
            const go = () => {
              socket.off("drain", go).off("close", go);
              next();
            };
            socket.once("drain", go).once("close", go);
          });
      }
      if (sent < filler || socket.destroyed) return;
      send(tail);
      if (!request.declared) socket.write("0\r\n\r\n");
    });
  });
}

describe("refused product uploads on a started store", () => {
  let server: RunningServer;
  let cookie: string;
  let sample: Buffer;

  beforeAll(async () => {
    sample = await readFile("tests/fixtures/toolkit-sample.zip");
    server = await startServer({
      ADMIN_PATH,
      ADMIN_PASSWORD: PASSWORD,
      MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
    });
    const signIn = await fetch(`${server.url}/${ADMIN_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", password: PASSWORD }),
      headers: { origin: server.url },
      redirect: "manual",
    });
    cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    // The version label the refusals below reuse.
    expect(
      (await upload(server, { fileName: "v1.zip", file: sample, fields: [["version", "v1"]], cookie }))
        .status,
    ).toBe(200);
  });
  afterAll(() => server?.stop());
  afterEach(() => expectStillServing(server));

  it("answers 415 to a large file not named .zip and keeps running", async () => {
    const refused = await upload(server, { fileName: "toolkit.pdf", filler: 64 * MB, cookie });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatch(/Puoi caricare solo file ZIP/);
  });

  it("answers 409 to a large upload whose version label is taken and keeps running", async () => {
    const refused = await upload(server, {
      fileName: "again.zip",
      file: sample,
      filler: 64 * MB,
      fields: [["version", "v1"]],
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatch(/La versione v1 esiste già/);
  });

  it("answers 422 to a large upload with an invalid version label and keeps running", async () => {
    const refused = await upload(server, {
      fileName: "bad.zip",
      filler: 64 * MB,
      fields: [["version", "x".repeat(100)]],
      cookie,
    });
    expect(refused.status).toBe(422);
  });

  it("answers 413 to a file over MAX_UPLOAD_BYTES, chunked or declared, and keeps running", async () => {
    const chunked = await upload(server, { fileName: "big.zip", filler: 64 * MB, cookie });
    expect(chunked.status).toBe(413);
    const declared = await upload(server, { fileName: "big.zip", filler: 64 * MB, cookie, declared: true });
    expect(declared.status).toBe(413);
  });

  it("answers 401 to a large upload without a session and keeps running", async () => {
    expect((await upload(server, { fileName: "toolkit.zip", filler: 64 * MB })).status).toBe(401);
    expect(
      (await upload(server, { fileName: "toolkit.pdf", filler: 64 * MB, cookie: "admin_session=forged" }))
        .status,
    ).toBe(401);
  });

  it("answers 403 to a large cross-site upload and keeps running", async () => {
    const refused = await upload(server, {
      fileName: "toolkit.zip",
      filler: 64 * MB,
      cookie,
      origin: "https://attacker.example",
    });
    expect(refused.status).toBe(403);
  });

  it("takes one of two uploads at once with the same version label, answers 409 to the other and keeps running", async () => {
    const both = await Promise.all(
      ["a.zip", "b.zip"].map((fileName) =>
        upload(server, { fileName, file: sample, fields: [["version", "v2"]], cookie }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("sends a form posted without JavaScript back to the product page, which says why, and keeps running", async () => {
    const refused = await upload(server, {
      fileName: "toolkit.pdf",
      filler: 64 * MB,
      cookie,
      document: true,
    });
    expect(refused.status).toBe(303);
    const location = /^location: (.+)$/im.exec(refused.head)?.[1]?.trim();
    expect(location).toBe(`/${ADMIN_PATH}/prodotto?errore=UPLOAD_NOT_ZIP_NAME`);
    const page = await (await fetch(`${server.url}${location}`, { headers: { cookie } })).text();
    expect(page).toContain("Puoi caricare solo file ZIP");
    // A made-up reason shows nothing.
    const madeUp = await (
      await fetch(`${server.url}/${ADMIN_PATH}/prodotto?errore=NOT_A_REASON`, { headers: { cookie } })
    ).text();
    expect(madeUp).not.toContain("Caricamento non riuscito");
  });
});
