import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DIST, readJSON } from "../lib/paths";
import { fireStartup, installFoundryStub, type Recorder, type StubOptions } from "./foundry-stub";

let loads = 0;

export interface LoadedBundle {
  recorder: Recorder;
  manifest: any;
  lang: Record<string, unknown>;
  source: string;
}

/**
 * Install the stand-in globals, import a fresh instance of dist/polyverse.mjs and fire
 * init -> i18nInit -> setup -> ready, as a world load does. `beforeImport` may extend the
 * stand-in first (e.g. `stub-combat.ts`: the bundle subclasses `Combat` when it loads).
 */
export async function loadBundle(
  options: Partial<StubOptions> & { beforeImport?: (recorder: Recorder) => void } = {},
): Promise<LoadedBundle> {
  const manifest = options.manifest ?? readJSON(join(DIST, "system.json"));
  const lang = options.lang ?? readJSON<Record<string, unknown>>(join(DIST, "lang", "en.json"));
  const recorder = installFoundryStub({ ...options, manifest, lang });
  options.beforeImport?.(recorder);
  const url = pathToFileURL(join(DIST, "polyverse.mjs"));
  url.searchParams.set("load", String(++loads));
  await import(/* @vite-ignore */ url.href);
  fireStartup();
  return { recorder, manifest, lang, source: readFileSync(join(DIST, "polyverse.mjs"), "utf8") };
}
