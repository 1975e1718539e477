// Deterministic document ids for compendium sources: the same pack and key always give the same
// 16-character id, so entries can link to each other (@UUID[Compendium.polyverse.<pack>.Item.<id>])
// before the other pack's files exist, and an id never changes when a file is rewritten.
import { createHash } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** The id of the document `key` (usually its name) in pack `pack`. */
export function packId(pack, key) {
  const digest = createHash("sha256").update(`polyverse:${pack}:${key}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += ALPHABET[digest[i] % ALPHABET.length];
  return id;
}

/** The UUID of a document in one of Polyverse's packs. */
export function packUuid(pack, documentName, key) {
  return `Compendium.polyverse.${pack}.${documentName}.${packId(pack, key)}`;
}

// Command line: node scripts/lib/ids.mjs <pack> <key>
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [pack, ...key] = process.argv.slice(2);
  if (pack && key.length) console.log(packId(pack, key.join(" ")));
}
