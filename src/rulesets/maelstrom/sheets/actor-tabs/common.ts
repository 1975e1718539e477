/**
 * What every part of the Maelstrom character sheet's context shares (see `../character-context.ts`):
 * the input the sheet gathers, the actor's data as plain fields, the item lists, and small helpers.
 * Foundry-free.
 */
import {
  bool,
  itemControls as coreItemControls,
  itemLists,
  keyed,
  num,
  record,
  signed,
  str,
  type ItemControls,
  type SheetItemRow,
} from "../../../../core/sheet-logic";
import { ABILITY_KEYS, ATTRIBUTE_KEYS } from "../../data/trait-keys";
import type { AbilityKey, AttributeKey, HealthBox, XpLedger } from "../../rules";

/** Where the sheet's strings are in the language file. */
export const ROOT = "POLYVERSE.Maelstrom.Sheet";

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

/** An embedded item as plain data (core's sheet rows). */
export type SheetItem = SheetItemRow;

/** A character's or NPC's `system`: the stored fields, and the derived ones when prepared. */
export interface MaelstromActorSystem {
  attributes: Record<AttributeKey, number>;
  abilities: Record<AbilityKey, number>;
  willpower: { max: number; value: number; rallied: boolean; broken?: boolean };
  health: {
    bashing: number;
    lethal: number;
    aggravated: number;
    dead: boolean;
    /** The track the data model derived (`system.derived.health.track`); worked out here when absent. */
    track?: readonly HealthBox[];
  };
  xp: XpLedger;
  details: { concept: string; player: string; biography: string };
}

export interface CharacterSheetInput {
  name: string;
  img: string;
  /** `maelstrom-character` or `maelstrom-npc`. */
  type: string;
  system: MaelstromActorSystem;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and buttons are enabled). */
  editable: boolean;
  /** The user is a GM (grants awards, edits the ledger's totals). */
  isGM: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The backstory enriched for display (the sheet enriches it with TextEditor). */
  biographyHTML?: string;
  /**
   * The world's `woundPenalties` setting (its text), for a track the data model has not derived;
   * the default track when absent.
   */
  woundPenalties?: string;
  localize: Localize;
}

/** The item types of each of the sheet's lists. */
export const ITEM_GROUPS = {
  specialties: ["maelstrom-specialty"],
  merits: ["maelstrom-merit"],
  flaws: ["maelstrom-flaw"],
  weapons: ["maelstrom-weapon"],
  armor: ["maelstrom-armor"],
} as const satisfies Record<string, readonly string[]>;
export type ItemGroup = keyof typeof ITEM_GROUPS;

/**
 * Whether a character holds items of this type (what a drop onto the sheet may add), and the actor's
 * items of one list in sheet order (core's `itemLists`).
 */
export const { isHeld: isHeldItemType, itemsIn } = itemLists(ITEM_GROUPS);

export { bool, num, signed, str };

export const attributeName = (key: string) => `POLYVERSE.Maelstrom.Attribute.${key}`;
export const abilityName = (key: string) => `POLYVERSE.Maelstrom.Ability.${key}`;

/** The name of a trait reference ("attributes.strength", "abilities.firearms", "willpower"). */
export function traitName(ref: string, localize: Localize): string {
  if (ref === "willpower") return localize("POLYVERSE.Maelstrom.Willpower");
  const [group, key = ""] = ref.split(".");
  return localize(group === "attributes" ? attributeName(key) : abilityName(key));
}

export type { ItemControls };

/** Open and delete buttons of an item row (core's, in the ruleset sheet's words). */
export const itemControls = (item: { id: string; name: string }, localize: Localize): ItemControls =>
  coreItemControls(item, localize, ROOT);

/**
 * An actor's `system` (a record, as core's `systemRecord` gives it) read as the sheet's plain shape:
 * every trait, the track, the ledger; a missing or malformed field reads as the model's initial
 * value. The derived health fields are kept when the data model prepared them.
 */
export function readActorSystem(system: Record<string, unknown>): MaelstromActorSystem {
  const wp = record(system.willpower);
  const health = record(system.health);
  const xp = record(system.xp);
  const bank = record(xp.bank);
  const details = record(system.details);
  // Derived by the data model (`system.derived`, data/living-logic.ts) when the actor is prepared.
  const derived = record(system.derived);
  const derivedHealth = record(derived.health);
  const track = Array.isArray(derivedHealth.track) ? (derivedHealth.track as HealthBox[]) : undefined;
  return {
    attributes: keyed(ATTRIBUTE_KEYS, system.attributes, 1),
    abilities: keyed(ABILITY_KEYS, system.abilities, 0),
    willpower: {
      max: num(wp.max, 3),
      value: num(wp.value, 3),
      rallied: bool(wp.rallied),
      ...(typeof derived.willpowerBroken === "boolean" ? { broken: derived.willpowerBroken } : {}),
    },
    health: {
      bashing: num(health.bashing),
      lethal: num(health.lethal),
      aggravated: num(health.aggravated),
      dead: bool(health.dead),
      ...(track ? { track } : {}),
    },
    xp: {
      total: num(xp.total, 30),
      available: num(xp.available, 30),
      spent: num(xp.spent),
      bank: {
        attributes: keyed(ATTRIBUTE_KEYS, bank.attributes, 0),
        abilities: keyed(ABILITY_KEYS, bank.abilities, 0),
        willpower: num(bank.willpower),
      },
    },
    details: {
      concept: str(details.concept),
      player: str(details.player),
      biography: str(details.biography),
    },
  };
}
