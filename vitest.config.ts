import { defineConfig } from "vitest/config";

/**
 * Three test layers (see README "Tests"):
 * - unit: pure code, mostly the rules layer, beside its sources (`*.test.ts`) and in tests/unit;
 * - integration: the built bundle `dist/polyverse.mjs` against recorded Foundry globals;
 * - packs: the compiled compendium packs and their YAML sources.
 * The browser layer runs outside Vitest (tests/browser/run.mjs) because it drives Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          benchmark: { include: [] },
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "happy-dom",
          // A ceiling, not a speed target (those live in the benchmarks): a test that loads the bundle
          // twice can pass 5 s on a busy two-core machine.
          testTimeout: 20_000,
          globalSetup: ["tests/integration/global-setup.ts"],
          benchmark: { include: [] },
        },
      },
      {
        test: {
          name: "packs",
          include: ["tests/packs/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          benchmark: { include: [] },
        },
      },
      {
        test: {
          name: "bench",
          include: [],
          benchmark: { include: ["bench/**/*.bench.ts"] },
        },
      },
    ],
  },
});
