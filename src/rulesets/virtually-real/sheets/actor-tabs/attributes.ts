/**
 * The Attributes tab: the eight attributes, each a capacity (with the Capacities table's name) and a
 * score, its modifier (the score on the Experience table) and notation, and the dice its conditions
 * give its skills and saves; the common saves of chapter 1 as the rules build them (`saveCheck`: Health
 * by Body, Dodge and Evade by Agility, Initiative by Reflex with the ready weapon's [I] box, Perception
 * by Mind) and the Darkness roll (`darknessCheck`). An NPC's attributes are written `[2]+3`: its
 * modifier is chosen and stored as the least score that gives it. Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  MAX_LEVEL,
  SAVE_ATTRIBUTE,
  SAVE_KINDS,
  darknessCheck,
  npcNotation,
  saveCheck,
  xpForLevel,
  type AttributeKey,
  type SaveKind,
} from "../../rules";
import {
  CHECK,
  ROOT,
  attributeCapacityKey,
  attributeName,
  capacityOptions,
  diceText,
  isNpc,
  rollButton,
  type CharacterSheetInput,
  type Localize,
  type OptionView,
} from "./common";
import { pluralKey } from "../../../../core/i18n-logic";

/**
 * The levels 0..+9 as a select's options, each valued at the least XP (or score) that gives it (the
 * Experience table's first column); a stored value that starts no level is offered too, so the select
 * never shows another value than the one stored.
 */
export function levelOptions(current: number, currentLevel: number): OptionView[] {
  const options: OptionView[] = Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
    value: xpForLevel(level),
    label: signed(level),
    selected: false,
  }));
  const exact = options.find((o) => o.value === current);
  if (exact) exact.selected = true;
  else
    options.splice(currentLevel + 1, 0, {
      value: current,
      label: `${signed(currentLevel)} (${current})`,
      selected: true,
    });
  return options;
}

/** The common saves the tab lists (a standard save names its own attribute: each attribute's row). */
export const SHEET_SAVES: readonly SaveKind[] = SAVE_KINDS.filter((s) => s !== "standard");

function savesContext(input: CharacterSheetInput) {
  const { system, derived, localize } = input;
  return SHEET_SAVES.map((save) => {
    const attribute = saveAttributeOf(save);
    const check =
      save === "initiative"
        ? null
        : saveCheck({
            save,
            attrCapacity: system.attributes[attribute].capacity,
            modifier: derived.attributes[attribute].modifier,
          });
    const capacity = check ? check.saveCapacity! : derived.initiative.capacity;
    const level = check ? check.level : derived.initiative.level;
    const dice = save === "initiative" ? derived.initiative.dice : derived.attributes[attribute].dice;
    const name = localize(`${CHECK}.Save.${save}`);
    return {
      key: save,
      name,
      attribute: localize(attributeName(attribute)),
      notation: npcNotation(capacity, level),
      weapon:
        save === "initiative" && derived.initiative.weapon
          ? localize(`${ROOT}.Saves.WithWeapon`, { weapon: derived.initiative.weapon })
          : null,
      dice: diceText(dice, localize),
      roll: rollButton(input, "save", localize(`${ROOT}.Saves.Roll`, { name })),
    };
  });
}

/** The attribute a common save is rolled with (the rules' `SAVE_ATTRIBUTE`). */
const saveAttributeOf = (save: SaveKind): AttributeKey => SAVE_ATTRIBUTE[save] ?? "body";

export function attributesContext(input: CharacterSheetInput) {
  const { system, derived, localize } = input;
  const npc = isNpc(input);
  const attributes = ATTRIBUTE_KEYS.map((key) => {
    const { capacity, score } = system.attributes[key];
    const d = derived.attributes[key];
    const name = localize(attributeName(key));
    return {
      key,
      name,
      capacityName: `system.attributes.${key}.capacity`,
      capacityOptions: capacityOptions(capacity, attributeCapacityKey, localize),
      capacityLabel: localize(`${ROOT}.Attributes.Capacity`, { name }),
      scoreName: `system.attributes.${key}.score`,
      scoreLabel: localize(`${ROOT}.Attributes.Score`, { name }),
      score,
      levels: npc ? levelOptions(score, d.modifier) : null,
      modifier: signed(d.modifier),
      notation: npc ? d.short : d.notation,
      dice: diceText(d.dice, localize),
      roll: rollButton(input, "attribute", localize(`${ROOT}.Attributes.Roll`, { name })),
      saveRoll: rollButton(input, "save", localize(`${ROOT}.Attributes.RollSave`, { name })),
      // A feat of strength is a Body attribute check plus the weight size and Weight Lifting.
      featRoll:
        key === "body"
          ? rollButton(input, "strengthFeat", localize("POLYVERSE.VirtuallyReal.Cards.Feat.Roll"))
          : null,
    };
  });
  const dark = darknessCheck(system.darkness, input.options.currency);
  return {
    attributes,
    saves: savesContext(input),
    darkness: {
      notation: npcNotation(dark.capacity, dark.level),
      roll: rollButton(input, "darkness", localize(`${ROOT}.Attributes.RollDarkness`)),
    },
    critical: derived.critical.count,
    criticalNote:
      derived.critical.count > 0
        ? localize(pluralKey(`${ROOT}.Attributes.CriticalNote`, derived.critical.count), {
            n: String(derived.critical.count),
          })
        : null,
    capacityHint: localize(`${ROOT}.Attributes.CapacityHint`),
  } satisfies Record<string, unknown>;
}

export type { Localize };
