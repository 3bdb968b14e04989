import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports that reach outside a layer (ARCHITECTURE.md §1), by alias and by relative path. The
 * patterns are gitignore-style, where a leading # starts a comment, so the alias's # is escaped.
 */
const layer = (name) => [`\\#${name}/*`, `**/${name}/*`, `../${name}`, `../../${name}`];

/** The core is pure: no other layer, nothing that touches the network, a database or React. */
const CORE_FORBIDDEN = {
  patterns: [
    { group: [...layer("app"), ...layer("adapters"), ...layer("server"), ...layer("seed")], message: "core imports nothing from app, adapters, server or seed (ARCHITECTURE.md §1)." },
    {
      group: ["react", "react-dom", "react-dom/*", "react-router", "@react-router/*", "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "express", "pino", "prom-client", "vite"],
      message: "core is pure TypeScript: no framework, database or I/O library.",
    },
    { group: ["node:fs", "node:fs/*", "node:net", "node:http", "node:https", "node:child_process", "node:dgram", "fs", "net", "http", "https", "child_process"], message: "core does no I/O; declare a port in core/ports.ts." },
  ],
};

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", ".data/", "coverage/", "adapters/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ["core/**/*.ts"], rules: { "no-restricted-imports": ["error", CORE_FORBIDDEN] } },
  {
    files: ["adapters/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: [...layer("app"), ...layer("server")], message: "adapters implement core ports; they never import app or server." }] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: [...layer("adapters"), ...layer("server")], message: "app receives adapters through the request context; only server/ picks them." }] }],
    },
  },
);
