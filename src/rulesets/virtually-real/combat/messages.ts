/**
 * The combat cards as ChatMessage sub-types (core/cards.ts, on core's card model): the attack
 * (`virtually-real-attack`) and the combat's end with its XP (`virtually-real-combat`), their state in
 * `system.card`, refused by the model when it breaks the card's shape.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { attackCardProblems } from "./attack-card-logic";
import { combatXPCardProblems } from "./combat-xp-logic";

/** The attack card: the attack, the target's defence, the outcome and what Apply did. */
export class VirtuallyRealAttackMessageData extends PolyverseCardModel {
  static override cardType = "virtually-real-attack";
  static override cardProblems = attackCardProblems;
}

/** The combat's end: each character's combat XP and where it went. */
export class VirtuallyRealCombatMessageData extends PolyverseCardModel {
  static override cardType = "virtually-real-combat";
  static override cardProblems = combatXPCardProblems;
}
