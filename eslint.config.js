import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

/** The rules layer may not touch Foundry, the DOM or any global state. */
const foundryGlobals = [
  "game",
  "CONFIG",
  "foundry",
  "Hooks",
  "ui",
  "canvas",
  "window",
  "document",
  "Roll",
  "Actor",
  "Item",
  "ChatMessage",
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "artifacts/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/**/*.ts"],
    ignores: ["src/rulesets/*/rules/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/rulesets/*/rules/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...foundryGlobals.map((name) => ({ name, message: "The rules layer is pure: pass values in." })),
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fvtt-types*", "**/core/**", "../../*", "!../../rules/*"],
              message: "The rules layer imports only from its own folder.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.{ts,mjs}", "scripts/**/*.mjs", "bench/**/*.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
