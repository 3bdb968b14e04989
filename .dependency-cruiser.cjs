/**
 * Import cycles fail the build (ADR 0020). TypeScript's pre-compilation dependencies are followed,
 * so an `import type` counts: a cycle of types is still two modules that cannot be understood,
 * moved or split one without the other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle (type-only imports included). Move what both sides need into a module below both, or a port of the module that owns it.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|coverage|\\.data|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { conditionNames: ["import", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
