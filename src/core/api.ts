import { activeRuleset } from "./active";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";

/** One ruleset as macros see it. */
export interface RulesetAPI {
  id: string;
  label: string;
  /** The pure rules module: every function a GM could work out with dice and pencil. */
  rules: PolyverseRuleset["rules"];
  /** Rolls and tests on documents (open the roll dialog, post cards, apply results). */
  actions: Readonly<Record<string, unknown>>;
}

/** `game.polyverse`: the macro API. Documented in the README ("Macro API"). */
export interface PolyverseAPI {
  /** The system version from system.json. */
  version: string;
  /** The registry of hosted rulesets. */
  registry: RulesetRegistry<PolyverseRuleset>;
  /** Each ruleset by id: `game.polyverse.rulesets.verses.rules.successProbability(9, 2)`. */
  rulesets: Record<string, RulesetAPI>;
  /** The ruleset the GM chose for this world. */
  readonly ruleset: RulesetAPI;
}

export function createAPI(registry: RulesetRegistry<PolyverseRuleset>, version: string): PolyverseAPI {
  const rulesets: Record<string, RulesetAPI> = {};
  for (const r of registry.list()) {
    const actions = Object.freeze({ ...r.actions });
    rulesets[r.id] = Object.freeze({ id: r.id, label: r.label, rules: r.rules, actions });
  }
  return Object.freeze({
    version,
    registry,
    rulesets: Object.freeze(rulesets),
    get ruleset() {
      const active = rulesets[activeRuleset().id];
      if (!active) throw new Error("Polyverse: the active ruleset is not registered.");
      return active;
    },
  });
}
