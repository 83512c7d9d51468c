/** The one error type the domain throws on purpose: a code to branch on, a message a person can read. */
export type AppErrorCode =
  | "PRODUCT_UNAVAILABLE"
  | "PAYMENT_PROVIDER"
  | "NO_CHECKOUT_URL"
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "RATE_LIMITED";

export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}
