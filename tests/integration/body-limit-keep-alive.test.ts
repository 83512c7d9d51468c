/**
 * The request-body limits (server/body-limit.ts) on a kept-alive connection. A browser, or a
 * reverse proxy's pool of upstream connections, sends request after request over one connection:
 * nothing of a finished request may stay attached to it. The soak of issue 16 found the store's
 * memory climbing on every form posted, because each request's handling of the connection's close
 * wrapped the previous request's and so kept every request (and its answer) until the connection
 * closed.
 */
import { Agent, createServer, request } from "node:http";
import { type AddressInfo, Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Request } from "express";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseEnv } from "#app/lib/env.server.ts";
import { limitRequestBodies } from "../../server/body-limit.ts";

const FORMS = 50;
const served: WeakRef<Request>[] = [];
const connections: Socket[] = [];
const app = express();
app.use(limitRequestBodies(parseEnv({}), "admin-path"));
app.post("/form", (req, res) => {
  served.push(new WeakRef(req));
  req.resume();
  req.on("end", () => res.type("text/plain").send("ok"));
});
const server = createServer(app);
server.on("connection", (socket) => connections.push(socket));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Posts a small form over the kept-alive agent; resolves with the answer's status and body. */
function postForm(): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = "email=buyer%40example.com&consent=on";
    const req = request(
      {
        agent,
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/form",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A full garbage collection, made available at run time (Vitest's workers start without --expose-gc). */
function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

it("keeps no finished request attached to a kept-alive connection", async () => {
  for (let i = 0; i < FORMS; i++) expect(await postForm()).toEqual({ status: 200, body: "ok" });
  expect(connections).toHaveLength(1);
  const [connection] = connections;
  // Each answer gave the connection back its own close: no wrapper from any request is left on it.
  expect(connection!.destroySoon).toBe(Socket.prototype.destroySoon);
  // And so the finished requests can be collected while the connection stays open (the last one
  // may still be held by Node's parser until the next request arrives).
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(served).toHaveLength(FORMS);
  expect(served.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(1);
});
