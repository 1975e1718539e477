// The pack build (npm run packs, part of npm run build): read every pack's YAML sources with the
// one parser (yaml-source.mjs), check every entry (pack-check.mjs, the data models included),
// compile all packs into a staging folder, and only when every pack compiled swap them all into
// dist/packs at once. Any problem names the YAML file at fault; on any problem dist/packs is left
// exactly as it was.
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { checkPackEntries } from "./pack-check.mjs";
import { loadSystemModels } from "./system-models.mjs";
import { readPackSources } from "./yaml-source.mjs";

/**
 * @param {object} options
 * @param {string} options.root the project whose system.json and packs/ are built (dist/ below it)
 * @param {string} [options.codeRoot] where the data models' sources are (default: root)
 * @param {Record<string, import("./system-models.mjs").SystemModel>} [options.models] the data
 *   models by sub-type (default: loadSystemModels(codeRoot))
 * @param {typeof compilePack} [options.compile] foundryvtt-cli's compilePack (tests replace it)
 * @returns {Promise<{ problems: string[], compiled: number }>} no problems: dist/packs was replaced
 */
export async function buildPacks({ root, codeRoot = root, models, compile = compilePack }) {
  const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
  const packs = manifest.packs ?? [];
  models ??= await loadSystemModels(codeRoot);

  // 1. Read and check everything before touching dist/.
  const problems = [];
  const sources = new Map();
  for (const pack of packs) {
    const { entries, problems: unreadable } = readPackSources(root, pack.name);
    problems.push(...unreadable);
    if (!entries.length && !unreadable.length)
      problems.push(`pack ${pack.name}: no YAML sources in packs/${pack.name}`);
    problems.push(...checkPackEntries(manifest, pack, entries, { models }));
    sources.set(pack.name, entries);
  }
  if (problems.length) return { problems, compiled: 0 };

  // 2. Compile every pack into dist/.packs-staging-<random>; the CLI is handed the parsed documents
  // as JSON, so it never parses the YAML itself.
  const dist = join(root, "dist");
  // A new folder every time: a compile that failed may leave its database open in this process.
  // Folders left by a build that was killed are removed first.
  mkdirSync(dist, { recursive: true });
  for (const name of readdirSync(dist))
    if (name.startsWith(".packs-staging-")) rmSync(join(dist, name), { recursive: true, force: true });
  const staging = mkdtempSync(join(dist, ".packs-staging-"));
  mkdirSync(join(staging, "packs"));
  try {
    for (const pack of packs) {
      const src = join(staging, "src", pack.name);
      const fileById = new Map();
      for (const { file, data } of sources.get(pack.name)) {
        const json = join(src, `${relative(join("packs", pack.name), file)}.json`);
        mkdirSync(dirname(json), { recursive: true });
        writeFileSync(json, JSON.stringify(data));
        fileById.set(data._id, file);
      }
      let current;
      try {
        await compile(src, join(staging, "packs", pack.name), {
          recursive: true,
          transformEntry: async (entry) => {
            current = fileById.get(entry._id);
          },
        });
      } catch (error) {
        const where = current ? `${current}` : `pack ${pack.name}`;
        problems.push(`${where}: could not be compiled into ${pack.name}: ${error.message}`);
        return { problems, compiled: 0 };
      }
    }
    // 3. Every pack compiled: swap them all in at once.
    const dest = join(dist, "packs");
    const old = `${staging}-old`;
    try {
      if (existsSync(dest)) renameSync(dest, old);
      renameSync(join(staging, "packs"), dest);
    } catch (error) {
      if (existsSync(old) && !existsSync(dest)) renameSync(old, dest);
      problems.push(
        `dist/packs could not be replaced: ${error.message} (is a Foundry world using dist/ open? It locks the packs)`,
      );
      return { problems, compiled: 0 };
    }
    rmSync(old, { recursive: true, force: true });
    return { problems, compiled: packs.length };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
