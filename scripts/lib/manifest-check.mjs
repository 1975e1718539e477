// Checks that the built system is installable as system.json describes it.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The Foundry versions the manifest declares: runs on 13 and 14, verified on 13 (docs/foundry-v14.md). */
export const COMPATIBILITY = { minimum: "13", verified: "13", maximum: "14" };

/** Every file or folder system.json names, relative to the system root. */
export function manifestPaths(manifest) {
  return [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(manifest.languages ?? []).map((l) => l.path),
    ...(manifest.packs ?? []).map((p) => p.path),
    ...["readme", "license", "changelog"].map((f) => manifest[f]).filter((f) => f && !/^https?:/.test(f)),
  ];
}

/** Look a dotted key up in a nested i18n object (flattened keys are accepted too). */
export function hasI18nKey(lang, key) {
  if (Object.hasOwn(lang, key)) return true;
  let node = lang;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = node[part];
  }
  return typeof node === "string";
}

/**
 * @param {object} manifest system.json as built
 * @param {object} lang lang/en.json
 * @param {string} distDir the built system
 * @param {string} packageVersion package.json version
 * @returns {string[]} problems
 */
export function checkManifest(manifest, lang, distDir, packageVersion) {
  const problems = [];
  if (manifest.id !== "polyverse")
    problems.push(`id must be "polyverse", got ${JSON.stringify(manifest.id)}`);
  if (manifest.version !== packageVersion) {
    problems.push(`version ${manifest.version} differs from package.json ${packageVersion}`);
  }
  if (!String(manifest.download ?? "").includes(`v${manifest.version}/`)) {
    problems.push(`download URL must point at the v${manifest.version} release`);
  }
  for (const field of ["url", "manifest", "download"]) {
    if (!/^https:\/\/github\.com\//.test(String(manifest[field] ?? "")))
      problems.push(`${field} must be a GitHub URL`);
  }
  // Foundry v13 and v14 (docs/foundry-v14.md): verified on 13, allowed up to 14.
  for (const [field, wanted] of Object.entries(COMPATIBILITY)) {
    const given = manifest.compatibility?.[field];
    if (String(given) !== wanted)
      problems.push(`compatibility.${field} must be ${wanted}, got ${JSON.stringify(given)}`);
  }
  for (const path of manifestPaths(manifest)) {
    if (!existsSync(join(distDir, path))) problems.push(`system.json names ${path}, which is not in dist/`);
  }
  if (existsSync(join(distDir, "template.json")))
    problems.push("dist/ has a template.json; declare types in documentTypes");
  for (const [documentName, types] of Object.entries(manifest.documentTypes ?? {})) {
    for (const type of Object.keys(types)) {
      if (!hasI18nKey(lang, `TYPES.${documentName}.${type}`)) {
        problems.push(
          `document type ${documentName}.${type} has no label TYPES.${documentName}.${type} in lang/en.json`,
        );
      }
    }
  }
  const foldered = new Map();
  const rulesetOf = (name) => manifest.packs?.find((p) => p.name === name)?.flags?.polyverse?.ruleset;
  const walk = (folders, top) => {
    for (const folder of folders ?? []) {
      const owner = top ?? folder;
      for (const name of folder.packs ?? []) {
        foldered.set(name, (foldered.get(name) ?? 0) + 1);
        owner.rulesets ??= new Set();
        owner.rulesets.add(rulesetOf(name));
      }
      walk(folder.folders, owner);
    }
  };
  const folders = structuredClone(manifest.packFolders ?? []);
  walk(folders);
  for (const folder of folders) {
    if (folder.rulesets?.size > 1)
      problems.push(`pack folder ${folder.name} mixes rulesets: ${[...folder.rulesets].join(", ")}`);
  }
  for (const pack of manifest.packs ?? []) {
    if (pack.name.includes(".")) problems.push(`pack name ${pack.name} may not contain a period`);
    if ((pack.type === "Actor" || pack.type === "Item") && pack.system !== "polyverse") {
      problems.push(`pack ${pack.name} must say "system": "polyverse"`);
    }
    if (!pack.flags?.polyverse?.ruleset) problems.push(`pack ${pack.name} has no flags.polyverse.ruleset`);
    if (foldered.get(pack.name) !== 1) problems.push(`pack ${pack.name} must be in exactly one pack folder`);
    if (pack.path !== `packs/${pack.name}`)
      problems.push(`pack ${pack.name} path must be packs/${pack.name}`);
  }
  return problems;
}
