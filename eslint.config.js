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
    {
      group: [...layer("app"), ...layer("adapters"), ...layer("server"), ...layer("seed")],
      message: "core imports nothing from app, adapters, server or seed (ARCHITECTURE.md §1).",
    },
    {
      group: [
        "react",
        "react-dom",
        "react-dom/*",
        "react-router",
        "@react-router/*",
        "drizzle-orm",
        "drizzle-orm/*",
        "pg",
        "@electric-sql/*",
        "express",
        "pino",
        "prom-client",
        "vite",
      ],
      message: "core is pure TypeScript: no framework, database or I/O library.",
    },
    {
      group: [
        "node:fs",
        "node:fs/*",
        "node:net",
        "node:http",
        "node:https",
        "node:child_process",
        "node:dgram",
        "fs",
        "net",
        "http",
        "https",
        "child_process",
      ],
      message: "core does no I/O; declare a port in the module's core/<module>/ports.ts.",
    },
  ],
};

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", ".data/", "coverage/", "adapters/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
      // Typed linting: every .ts/.tsx file is in tsconfig.json, whose program the project service loads.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // A switch over a union names every member (or ends in a `never` check); a `default:` does not excuse a missing case.
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
      // React Router's loaders and actions throw responses: redirect() and new Response are Responses, data() a DataWithResponseInit.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // A callback's own failure (typed unknown, as React's onShellError) is passed on as it came.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: {
      // Test fakes implement async ports with async methods that have nothing to await.
      "@typescript-eslint/require-await": "off",
      // Vitest's asymmetric matchers (expect.any, expect.stringContaining, …) are typed any by design.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
  // JavaScript config files are outside tsconfig.json's program: lint them without type information.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ["core/**/*.ts"], rules: { "no-restricted-imports": ["error", CORE_FORBIDDEN] } },
  {
    files: ["adapters/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: [...layer("app"), ...layer("server")], message: "adapters implement core ports; they never import app or server." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...layer("adapters"), ...layer("server")],
              message: "app receives adapters through the request context; only server/ picks them.",
            },
          ],
        },
      ],
    },
  },
);
