import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { mergeLanguage } from "./scripts/lib/lang.mjs";

const root = import.meta.dirname;
const outDir = resolve(root, "dist");

/** Files and folders copied verbatim into dist/ (the installable system). */
const STATIC = ["system.json", "templates", "assets", "README.md", "LICENSE", "CHANGELOG.md"];
/** Each language's fragments (lang/<code>/*.json), merged into dist/lang/<code>.json. */
const LANG_DIR = resolve(root, "lang");
const languages = () =>
  readdirSync(LANG_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Copies the static parts of the system into dist/ after each build. In watch mode the copied
 * paths are watched too, so Foundry's own hot reload (system.json flags.hotReload) picks up
 * template, language and style edits without a page reload.
 */
function copyStatic(): Plugin {
  return {
    name: "polyverse-copy-static",
    buildStart() {
      this.addWatchFile(LANG_DIR);
      for (const entry of STATIC) {
        const path = resolve(root, entry);
        if (existsSync(path)) this.addWatchFile(path);
      }
    },
    writeBundle() {
      mkdirSync(resolve(outDir, "lang"), { recursive: true });
      for (const code of languages()) {
        const { lang, problems } = mergeLanguage(resolve(LANG_DIR, code));
        if (problems.length) this.error(`lang/${code}: ${problems.join("; ")}`);
        writeFileSync(resolve(outDir, "lang", `${code}.json`), `${JSON.stringify(lang, null, 2)}\n`);
      }
      for (const entry of STATIC) {
        const from = resolve(root, entry);
        if (!existsSync(from)) continue;
        const to = resolve(outDir, entry);
        rmSync(to, { recursive: true, force: true });
        cpSync(from, to, { recursive: true });
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  base: "/systems/polyverse/",
  publicDir: false,
  build: {
    outDir,
    // Packs are compiled by scripts/build-packs.mjs into dist/packs; Foundry locks them while a
    // world is open, so the build never wipes dist/ wholesale.
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: {
      name: "polyverse",
      entry: resolve(root, "src/polyverse.ts"),
      formats: ["es"],
      fileName: () => "polyverse.mjs",
      cssFileName: "styles/polyverse",
    },
    rolldownOptions: {
      output: {
        // Roll, sheet and data-model classes are looked up by name (chat messages rebuild rolls
        // from their class name): names must survive bundling.
        keepNames: true,
      },
    },
  },
  css: { devSourcemap: mode === "development" },
  plugins: [copyStatic()],
}));
