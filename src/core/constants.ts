/** The system id, as in system.json. */
export const SYSTEM_ID = "polyverse";
/** Root of the system's files as Foundry serves them. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;
/** The ruleset a new world starts with. */
export const DEFAULT_RULESET = "verses";

/** A path under templates/, as Foundry loads it. */
export function templatePath(relative: string): string {
  return `${SYSTEM_PATH}/templates/${relative}`;
}
