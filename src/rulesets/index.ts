import { DEFAULT_RULESET } from "../core/constants";
import type { PolyverseRuleset } from "../core/ruleset";
import { RulesetRegistry } from "../core/registry";
import { maelstrom } from "./maelstrom/ruleset";
import { tales } from "./tales/ruleset";
import { verses } from "./verses/ruleset";
import { virtuallyReal } from "./virtually-real/ruleset";
import { xeroSum } from "./xero-sum/ruleset";

/**
 * The hosted rulesets. This list is the only place in the code that names them: settings,
 * sheets, packs, status effects and combat all ask the registry.
 */
export const registry = new RulesetRegistry<PolyverseRuleset>(DEFAULT_RULESET);
registry.register(verses);
registry.register(maelstrom);
registry.register(tales);
registry.register(xeroSum);
registry.register(virtuallyReal);
