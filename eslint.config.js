import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { dirname, relative, resolve, sep } from "node:path";

/**
 * Folder boundaries (README "Layout and architecture"): a ruleset never imports another ruleset's
 * folder (what two rulesets share lives in core), and core never imports a ruleset. Relative
 * imports are resolved against the importing file; anything else is not a path into src/.
 */
const SRC = resolve(import.meta.dirname, "src");
const boundaries = {
  meta: { type: "problem", schema: [], messages: { crossRuleset: "{{message}}" } },
  create(context) {
    const file = context.filename;
    const from = relative(SRC, file).split(sep);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const to = relative(SRC, resolve(dirname(file), spec)).split(sep);
      let message = null;
      if (from[0] === "rulesets" && from.length > 2 && to[0] === "rulesets" && to.length > 2 && to[1] !== from[1])
        message = `A ruleset never imports another ruleset's folder (${from[1]} -> ${to[1]}): move what both need into src/core.`;
      if (from[0] === "core" && to[0] === "rulesets")
        message = "Core never imports a ruleset: the ruleset registers itself with core.";
      if (message) context.report({ node: node.source, messageId: "crossRuleset", data: { message } });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

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
    plugins: { polyverse: { rules: { boundaries } } },
    rules: { "polyverse/boundaries": "error" },
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
