import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");
export const DIST = join(ROOT, "dist");

export function readJSON<T = any>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
