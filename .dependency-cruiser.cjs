/**
 * Import rules that need the whole graph (ADR 0020), checked by `npm run lint` and `npm test`.
 * TypeScript's pre-compilation dependencies are followed, so an `import type` counts: a cycle of
 * types still ties two modules together, so neither can be understood, moved or split alone.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import cycle (type-only imports count). Move what both sides need below both: into the module that owns it, or its core/<module>/ports.ts.",
      from: {},
      to: { circular: true },
    },
    {
      name: "wallet-below-payments",
      severity: "error",
      comment: "Payments use the wallet (a card payment's wallet part, pay-from-wallet, top-ups); the wallet knows nothing of payments.",
      from: { path: "^core/wallet/" },
      to: { path: "^core/payments/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // tests/fixtures holds cycles on purpose, for the test that proves this rule finds them.
    exclude: { path: "^(node_modules|build|coverage|test-results|\\.data|\\.react-router)/|^tests/fixtures/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { conditionNames: ["import", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
