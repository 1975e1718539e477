/**
 * The attack card as a ChatMessage sub-type (`maelstrom-attack`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (attack-trust-logic.ts).
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { attackCardProblems } from "./attack-trust-logic";

/** The attack card: the attack, its damage, and what became of each target. */
export class MaelstromAttackMessageData extends PolyverseCardModel {
  static override cardType = "maelstrom-attack";
  static override cardProblems = attackCardProblems;
}
