/**
 * A new session without Foundry: what a Tales character's data resets. "each level of Connections give
 * a character a single die that they may roll once per session" (each connection's `used`); Lucky and
 * Astrological Sensitivity work "Once per game", read as once per session (spec ambiguity #42).
 */
import { CONNECTIONS } from "../data/keys";

/** The parts of a character's data a new session reads. */
export interface SessionSource {
  connections: Record<string, { used?: unknown } | undefined>;
  uses: { lucky?: unknown; astrological?: unknown };
}

/** The flattened update that makes a character's session uses fresh, or null when nothing is used. */
export function sessionReset(system: SessionSource): Record<string, false> | null {
  const update: Record<string, false> = {};
  for (const key of CONNECTIONS)
    if (system.connections[key]?.used) update[`system.connections.${key}.used`] = false;
  if (system.uses.lucky) update["system.uses.lucky"] = false;
  if (system.uses.astrological) update["system.uses.astrological"] = false;
  return Object.keys(update).length ? update : null;
}
