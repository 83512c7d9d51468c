/**
 * The Node entry. React chooses its production or development build when it is first imported,
 * and the server's imports load it, so the mode is settled here before anything else loads.
 */
process.env.NODE_ENV ??= "production";
await import("./app.ts");

export {};
