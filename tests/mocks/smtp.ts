/** A real SMTP server (smtp-server) on a free local port that keeps what it receives, parsed. */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** While set, every message is refused with this SMTP error. */
  refuse: string | null;
  /**
   * While set, each message waits for it before the server answers (a slow server); a message
   * whose sender went away meanwhile (killed) is not kept, as a real server drops it.
   */
  hold: Promise<void> | null;
  /** Milliseconds each message waits before the server answers (a relay that is slow for every message). */
  delayMs: number;
  /** Messages whose data has started to arrive, kept or not. */
  arriving: number;
  close(): Promise<void>;
}

/** `port` 0 picks a free one; a given port brings a stopped server back at the same address. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: "",
    messages: [],
    refuse: null,
    hold: null,
    delayMs: 0,
    arriving: 0,
    close: async () => {},
  };
  const gone = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      gone.add(session.id);
    },
    onData(stream, session, callback) {
      state.arriving++;
      simpleParser(stream)
        .then(async (mail) => {
          if (state.hold) await state.hold;
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          if (gone.has(session.id)) return callback(new Error("the client went away"));
          if (state.refuse) {
            const error = Object.assign(new Error(state.refuse), { responseCode: 451 });
            return callback(error);
          }
          state.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A client killed mid-session (the fault tests) resets its connection; smtp-server reports that
  // as an 'error' of the server, which, unheard, would end the test process. A real server logs it.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
