/**
 * What an attack meets on the target's side, from the target's prepared data, Foundry-free: the
 * protective layers (cover chosen on the attack, shields wielded, armour worn) and the body. The
 * attack card's damage (attack-logic.ts) and the benchmark read defenders through here.
 *
 * "Armor and Shields ... Always provide Partial Protective Cover"; armour "Is always assumed to be
 * interposed between the wearer and an attack"; shields "Are assumed to be interposed so long as
 * the shield-bearer can see the attacker or the attack" (a wielded shield counts; the GM may take
 * it off the card by un-wielding it). Layers go from the attacker inwards: full protective cover,
 * partial protective cover, shields, armour ("Protective Cover", "Armor & Shields").
 */
import {
  abilityDice,
  findMaterial,
  MATERIALS,
  type AbilityAllocation,
  type ActorKind,
  type AdRoundState,
  type BodyLayer,
  type ConditionState,
  type ProtectiveLayer,
} from "../rules";

/** Protective cover between attacker and target ("Full & Partial Cover", "Protective Cover"). */
export type ProtectiveCover = "none" | "partial" | "full";
export const PROTECTIVE_COVERS: readonly ProtectiveCover[] = ["none", "partial", "full"];

/** The protective cover chosen on the attack: how much, of what material, with how many HP. */
export interface CoverChoice {
  protective: ProtectiveCover;
  /** A material of the text's table ("HP & Resistance of Common Materials"), by name. */
  material: string;
  /** HP of the piece of cover; null: not counted (unresisted damage passes it whole). 0: destroyed. */
  hp: number | null;
  /**
   * The token standing behind this cover, whose `flags.polyverse.verses.cover` keeps the cover's remaining
   * HP (`coverOf`): applying the card's damage lowers it. Absent: the cover is not tracked.
   */
  tokenUuid?: string | null;
}

export const NO_COVER: CoverChoice = { protective: "none", material: "Wood", hp: null };

/** The materials cover can be made of (Flesh takes its values from an actor, so it is not offered). */
export const COVER_MATERIALS = MATERIALS.filter((m) => m.tuf !== null).map((m) => m.name);

/** An armour or shield item as the defender carries it. */
interface DefenderArmour {
  name: string;
  class: "light" | "medium" | "heavy" | "shield";
  tuf: number;
  resistance: string;
  /** Worn (armour) or wielded (shield). */
  worn: boolean;
}

/** An item as the defender's armour list reads it (an actor's embedded item, or a pack entry). */
interface ArmourItemLike {
  type: string;
  name: string | null;
  system: unknown;
}

/** The armour and shields among an actor's items, worn or wielded or not. */
export function defenderArmour(items: Iterable<ArmourItemLike>): DefenderArmour[] {
  return [...items]
    .filter((i) => i.type === "verses-armour")
    .map((i) => {
      const a = i.system as Omit<DefenderArmour, "name">;
      return {
        name: i.name ?? "",
        class: a.class,
        tuf: a.tuf,
        resistance: a.resistance,
        worn: a.worn === true,
      };
    });
}

/** The target as the damage sees it. */
export interface DefenderData {
  name: string;
  kind: ActorKind;
  /** Effective TUF. */
  tuf: number;
  hp: number;
  abilities: readonly AbilityAllocation[];
  armour: readonly DefenderArmour[];
  conditions: readonly ConditionState[];
  ad: AdRoundState;
}

/** The layers of cover, shields and armour an attack meets, outermost first. */
export function protectiveLayers(
  cover: CoverChoice,
  defender: Pick<DefenderData, "armour">,
): ProtectiveLayer[] {
  const layers: ProtectiveLayer[] = [];
  // Cover reduced to 0 HP is "destroyed or scrapped": it no longer protects.
  if (cover.protective !== "none" && !(cover.hp !== null && cover.hp <= 0)) {
    const material = findMaterial(cover.material);
    if (material && material.tuf !== null) {
      const layer: ProtectiveLayer = {
        kind: cover.protective === "full" ? "fullCover" : "partialCover",
        name: material.name,
        tuf: material.tuf,
        resistance: material.resistance,
      };
      if (cover.hp !== null && Number.isFinite(cover.hp) && cover.hp >= 0) layer.hp = cover.hp;
      layers.push(layer);
    }
  }
  const worn = defender.armour.filter((a) => a.worn);
  for (const a of worn.filter((a) => a.class === "shield"))
    layers.push({ kind: "shield", name: a.name, tuf: a.tuf, resistance: a.resistance });
  for (const a of worn.filter((a) => a.class !== "shield"))
    layers.push({ kind: "armour", name: a.name, tuf: a.tuf, resistance: a.resistance });
  return layers;
}

/** The target's body: its kind, TUF, HP and Pain Tolerance (the EX-on-injury threshold). */
export function bodyLayer(defender: DefenderData): BodyLayer {
  return {
    kind: defender.kind,
    tuf: defender.tuf,
    hp: defender.hp,
    painTolerance: abilityDice(defender.abilities, "painTolerance"),
  };
}
