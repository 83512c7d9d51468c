import { isIP } from "node:net";
import { z } from "zod";
import { Refusal } from "#app/lib/refusal.ts";

/** Empty strings count as unset, so `FOO=` in a shell or an .env file falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const secretSegment = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, "16 to 128 characters of A-Z, a-z, 0-9, '-' or '_'");

/** Comma-separated, the first signs and all verify, so a secret can be rotated. */
const tokenSecrets = z
  .string()
  .transform((s) => s.split(",").map((p) => p.trim()))
  .pipe(z.array(z.string().min(32, "each secret at least 32 characters")).min(1));

/** An address or subnet Express's `trust proxy` takes: an IP, an IP/prefix, or one of its named ranges. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Whose X-Forwarded-For the store believes: a number of proxy hops in front of it, or the
 * proxies' addresses; unset, nobody's (the client address is the connection's).
 */
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  const hops = Number(value);
  if (/^\s*\d+\s*$/.test(value) && hops >= 1) return hops;
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message:
      "the number of proxies in front of the store (1 behind nginx) or a comma-separated list of their addresses or subnets (10.0.0.2, 10.0.0.0/8, loopback)",
  });
  return z.NEVER;
});

/**
 * An Italian partita IVA: 11 digits, the last a check digit (odd places summed as they are, even
 * places doubled less 9 when over 9; the total with the check digit a multiple of 10), with or
 * without the "IT" prefix and spaces. Written back as "IT" and the 11 digits.
 */
const italianVatId = z.string().transform((value, ctx) => {
  const digits = value.replace(/\s+/g, "").toUpperCase().replace(/^IT/, "");
  const checked =
    /^\d{11}$/.test(digits) &&
    [...digits].reduce((sum, c, i) => {
      const d = Number(c);
      return sum + (i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2);
    }, 0) %
      10 ===
      0;
  if (checked) return `IT${digits}`;
  ctx.addIssue({
    code: "custom",
    message: "an Italian VAT number (partita IVA): 11 digits, optionally after IT",
  });
  return z.NEVER;
});

/** A name or an address printed on pages, e-mails and the licence: one line, of a sensible length. */
const sellerText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, "one line, without control characters");

const seconds = z.coerce
  .number()
  .positive()
  .max(24 * 3600);

const envSchema = z.object({
  PORT: optional(z.coerce.number({ error: "a port number from 1 to 65535" }).int().min(1).max(65535)).default(
    3000,
  ),
  HOST: optional(z.string()).default("0.0.0.0"),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""))),
  DATA_DIR: optional(z.string()).default("./data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: optional(z.string()).default("us-east-1"),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.stringbool()).default(false),
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_/, "a Stripe secret key (sk_test_... or sk_live_...)"),
  ),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith("whsec_", "a webhook signing secret (whsec_...)")),
  STRIPE_API_BASE: optional(z.url()),
  /** "test" runs the built-in test checkout on purpose; "stripe" insists on the keys. */
  PAYMENTS: optional(z.enum(["stripe", "test"])),
  /** on: Stripe Tax computes EU VAT inside the prices (test mode: a fixed test rate). ADR 016. */
  STRIPE_TAX: optional(z.stringbool()).default(false),
  /** The ECB's euro reference rates (XML), for invoices and registers of sales charged in dollars (ADR 043). */
  ECB_RATES_URL: optional(z.url({ protocol: /^https?$/ })).default(
    "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml",
  ),
  /**
   * The base of the European Commission's VIES REST API (its paths, `/check-vat-number`, are
   * appended), which confirms an EU buyer's VAT number before its sale is reverse-charged (ADR 043).
   */
  VIES_URL: optional(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""))).default(
    "https://ec.europa.eu/taxation_customs/vies/rest-api",
  ),
  /** Seconds between reconciliation passes (0: off); a lost webhook is fixed within one interval. */
  RECONCILE_INTERVAL_S: optional(
    z.coerce
      .number()
      .int()
      .refine((s) => s === 0 || (s >= 60 && s <= 86_400), "0 (off) or 60 to 86400 seconds"),
  ).default(900),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")),
  MAIL_FROM: optional(z.string()),
  SUPPORT_EMAIL: optional(z.email()),
  /** The seller named on every page, in every e-mail and on the licence (ADR 041); a live store needs the first three. */
  SELLER_NAME: optional(sellerText(200)),
  SELLER_ADDRESS: optional(sellerText(300)),
  SELLER_VAT_ID: optional(italianVatId),
  /** The Italian business register entry (REA), e.g. "MI-1234567". */
  SELLER_REA: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}[- ]?\d{1,8}$/, "a REA number: the province and the number, e.g. MI-1234567"),
  ),
  /** The seller's certified e-mail address (PEC). */
  SELLER_PEC: optional(z.email()),
  REVIEW_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Days after a buyer's first download that the review request goes out. */
  REVIEW_DELAY_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(7),
  /** How many update e-mails ("Avvisa gli acquirenti") leave per minute at most. */
  UPDATE_EMAILS_PER_MINUTE: optional(z.coerce.number().int().min(1).max(10_000)).default(60),
  ADMIN_PATH: optional(secretSegment),
  SUCCESS_PATH: optional(secretSegment),
  ADMIN_PASSWORD: optional(z.string().min(12, "at least 12 characters").max(1024)),
  TOKEN_SECRET: optional(tokenSecrets),
  /** The old name of TOKEN_SECRET (it never signed admin sessions, which are database rows). */
  SESSION_SECRET: optional(tokenSecrets),
  MAX_UPLOAD_BYTES: optional(z.coerce.number({ error: "a size in bytes" }).int().positive()).default(
    2 * 1024 ** 3,
  ),
  TRUST_PROXY: optional(trustProxy),
  /** How long a client may take to send a request's headers, and a form's or a webhook's body. */
  BODY_TIMEOUT_SECONDS: optional(seconds).default(30),
  /** How long a connection may stay silent (a stalled upload or download) before it is closed. */
  IDLE_TIMEOUT_SECONDS: optional(seconds).default(60),
  /** Days a download's IP address and network are kept (dispute evidence), then cleared by the hourly job. */
  RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "a number of days from 1 to 3650" })
      .int("a whole number of days")
      .min(1)
      .max(3650),
  ).default(180),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default("info"),
});

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "PAYMENTS"> & {
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set; without it the store is a local one at http://localhost:PORT. */
  publicUrlSet: boolean;
  SUPPORT_EMAIL: string;
  /** Who takes the payments: Stripe (with the keys) or the built-in test checkout. */
  PAYMENTS: "stripe" | "test";
  /** Lines for the start-up log: variables set under a deprecated name. */
  deprecations: string[];
};

export class ConfigError extends Refusal {
  override name = "ConfigError";
}

/** The payment mode in words, for the start-up lines: an owner must never sell in test mode unknowingly. */
export function paymentMode(env: Pick<Env, "PAYMENTS" | "STRIPE_SECRET_KEY">): string {
  if (env.PAYMENTS === "test")
    return "TEST MODE: no card is charged; buyers 'pay' on the store's own test page";
  return env.STRIPE_SECRET_KEY?.includes("_live_")
    ? "Stripe, live: real cards are charged"
    : "Stripe, test keys: Stripe's test cards only";
}

/** Rules that involve more than one variable; each problem names the variable to change. */
function crossChecks(env: z.infer<typeof envSchema>, publicUrl: string): string[] {
  const problems: string[] = [];
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY))
    problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set");
  if (env.PAYMENTS === "stripe" && !env.STRIPE_SECRET_KEY)
    problems.push("STRIPE_SECRET_KEY: required when PAYMENTS=stripe");
  const unnamed = (["SELLER_NAME", "SELLER_ADDRESS", "SELLER_VAT_ID"] as const).filter((name) => !env[name]);
  if (env.STRIPE_SECRET_KEY && unnamed.length > 0)
    problems.push(
      `${unnamed.join(", ")}: required when STRIPE_SECRET_KEY is set (a live store names its seller on every page)`,
    );
  if (env.PAYMENTS === "test" && env.STRIPE_SECRET_KEY)
    problems.push("PAYMENTS: 'test' while STRIPE_SECRET_KEY is set; remove one of them");
  // A public https address without keys would let anyone "pay" on the test page and download.
  if (!env.PAYMENTS && !env.STRIPE_SECRET_KEY && publicUrl.startsWith("https:"))
    problems.push(
      "PAYMENTS: PUBLIC_URL is https but no STRIPE_SECRET_KEY is set; set the Stripe keys, or PAYMENTS=test to take test payments on purpose",
    );
  return problems;
}

/**
 * Reads and checks the environment once. Every problem is reported together, one line each,
 * naming the variable and what it expects.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${String(issue.path[0] ?? "environment")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const problems = crossChecks(env, publicUrl);
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  const { SESSION_SECRET, ...rest } = env;
  const deprecations =
    SESSION_SECRET && !env.TOKEN_SECRET
      ? ["SESSION_SECRET is deprecated: rename it TOKEN_SECRET (same value); the old name still works."]
      : [];
  return {
    ...rest,
    TOKEN_SECRET: env.TOKEN_SECRET ?? SESSION_SECRET,
    PUBLIC_URL: publicUrl,
    publicUrlSet: env.PUBLIC_URL !== undefined,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    PAYMENTS: env.STRIPE_SECRET_KEY ? "stripe" : "test",
    deprecations,
  };
}
