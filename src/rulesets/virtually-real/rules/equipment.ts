/**
 * Equipment as far as chapter 1 defines it (Virtually Real core guidebook, chapter 1: "Initiative",
 * "Extended Criticals", "Recording Effects"). Pure: no Foundry, no globals.
 *
 * Chapter 1 has no weapons, armor or gear: "your game setting is a separate book containing all the
 * equipment, occupations, and technologies specific to that setting". What it does say: a ready
 * weapon has an initiative [I] box (the level of saves.ts's initiative save); magic and technology
 * add +1 critical to the rolls they touch, magical armor and force fields to physical defences
 * (outcomes.ts `critModFrom`, sources `effect` and `magicalArmor`); documents record effects that can
 * be learned by reading them. Books are training.ts's.
 */
import { accept, assertCount, assertRange, assertWhole, refuse, type Checked } from "./char-guards";
import { attributeModifier } from "./attributes";

/**
 * A ready weapon's [I] box, the initiative level: "This box contains your Reflex attribute modifier,
 * plus any bonuses from your weapon or weapon proficiencies."
 */
export function initiativeBox(reflexScore: number, weaponBonus = 0, proficiencyBonus = 0): number {
  assertWhole(weaponBonus, "A weapon's initiative bonus");
  assertWhole(proficiencyBonus, "A proficiency's initiative bonus");
  return attributeModifier(reflexScore) + weaponBonus + proficiencyBonus;
}

/** A document recording an effect (a spell in a book or scroll, a formula, a schematic, a program). */
export interface EffectDocument {
  /** The science the effect belongs to: the reader must have it. */
  science: string;
  /** The capacity of the skill described (the language needed to record it). */
  skillCapacity: number;
  magic: boolean;
}

/**
 * Recording an effect: "You need a language of at least the same capacity as the skill you are
 * describing, and magic requires at least an mastery language skill to record." Refuses
 * `languageTooLow` and `magicNeedsMastery`.
 */
export function canRecordEffect(document: EffectDocument, languageCapacity: number): Checked<true> {
  assertRange(document.skillCapacity, 1, 5, "A skill capacity");
  assertRange(languageCapacity, 0, 5, "A language capacity");
  if (document.magic && languageCapacity < 3)
    return refuse("magicNeedsMastery", { language: languageCapacity });
  if (languageCapacity < document.skillCapacity)
    return refuse("languageTooLow", { language: languageCapacity, skill: document.skillCapacity });
  return accept(true);
}

/**
 * Learning an effect from a document: roll the science with Literacy in the document's language (the
 * technical science may be added as Added Experience) against the effect's build DL. "If you fail, you
 * can re-roll once you've gained a level in that literacy or the related science. Re-rolls to learn the
 * effect from this document are at +1 critical for every retry, starting over each Act." ("Documents
 * are *not* consumed by reading them".) `retriesThisAct` counts this Act's earlier failed tries.
 * Refuses `needsLevel`.
 */
export function effectLearningAttempt(attempt: {
  failedBefore: boolean;
  levelGainedSince: boolean;
  retriesThisAct: number;
}): Checked<{ critMod: number }> {
  assertCount(attempt.retriesThisAct, "Retries this Act");
  if (attempt.failedBefore && !attempt.levelGainedSince) return refuse("needsLevel");
  return accept({ critMod: attempt.retriesThisAct });
}
