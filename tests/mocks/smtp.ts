/** A real SMTP server (smtp-server) on a free local port that keeps what it receives, parsed. */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** While set, every message is refused with this SMTP error. */
  refuse: string | null;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: "",
    messages: [],
    refuse: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
