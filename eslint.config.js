import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["error"] }],
    },
  },
  {
    // The data layer is async: a query not awaited (or a promise used as a value) compiles,
    // and races whatever comes after it. Type-aware rules catch those.
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // The playground's page: plain browser JavaScript, served as it is.
    files: ["src/playground/web/**/*.js"],
    languageOptions: {
      sourceType: "module",
      globals: Object.fromEntries(
        ["document", "window", "location", "history", "fetch", "EventSource", "URL", "setTimeout", "clearTimeout", "setInterval", "console"].map((name) => [name, "readonly"]),
      ),
    },
  },
  {
    files: ["bench/**", "test/**"],
    rules: { "no-console": "off" },
  },
);
