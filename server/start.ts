/**
 * `npm start`. React chooses its development or production build when first imported, so the
 * mode is fixed here before anything else loads.
 */
process.env.NODE_ENV ??= "production";
await import("./start-production.ts");
export {};
