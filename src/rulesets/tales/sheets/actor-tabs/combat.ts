/**
 * The Combat tab: the paper sheet's combat block (initiative with the sheet's modifier, movement,
 * actions, defence, protection, from the rules layer's `derivedValues`), the four favoured actions with their values at Healthy,
 * Light, Medium and Critical (`woundColumns`), the weapons (with an attack button) and the armour.
 * Foundry-free.
 */
import {
  ATTRIBUTE_KEYS,
  SKILL_KEYS,
  derivedValues,
  woundColumns,
  type AttributeKey,
  type SkillKey,
} from "../../rules";
import {
  ROOT,
  attributeName,
  bool,
  heavyWeaponsHeld,
  itemControls,
  itemsIn,
  num,
  record,
  skillName,
  str,
  traitsOf,
  wornArmour,
  type CharacterSheetInput,
  type FavouredAction,
  type SheetItem,
  type TalesActorSystem,
} from "./common";
import { signed } from "../../../../core/sheet-logic";
import { rollButton, woundRefusal } from "./skills";

/** "Choose four particular actions that your character will favour during a combat round." */
export const FAVOURED_ACTIONS = 4;
const WOUND_COLUMNS = ["healthy", "light", "medium", "critical"] as const;

/** The derived values of the combat block, at the current wound level. */
export function combatNumbers(input: CharacterSheetInput) {
  const { system, items, settings } = input;
  return derivedValues(traitsOf(system, items), {
    wound: system.health.level,
    armour: wornArmour(items),
    heavyWeapons: heavyWeaponsHeld(items),
    criticalWoundRule: settings?.criticalWoundRule,
    cooperationLimit: settings?.cooperationLimit,
  });
}

const WEAPON_TRAITS = [
  "clumsy",
  "entangle",
  "fragile",
  "heavy",
  "incendiary",
  "splitDamage",
  "spray",
] as const;
const ARMOUR_TRAITS = ["heavy", "cumbersome", "gasMask", "radiationCounter", "restrictive"] as const;

/** A weapon's traits as short labels ("Auto (3)", "Range 30 m", "Heavy"). */
export function weaponTraitLabels(item: SheetItem, localize: CharacterSheetInput["localize"]): string[] {
  const traits = record(item.system.traits);
  const labels: string[] = [];
  const auto = num(traits.auto);
  if (auto > 0) labels.push(localize(`${ROOT}.Combat.Trait.auto`, { value: String(auto) }));
  const range = num(traits.range);
  if (range > 0) labels.push(localize(`${ROOT}.Combat.Trait.range`, { value: String(range) }));
  const reach = num(traits.reach);
  if (reach > 0) labels.push(localize(`${ROOT}.Combat.Trait.reach`, { value: String(reach) }));
  for (const t of WEAPON_TRAITS)
    if (bool(traits[t])) labels.push(localize(`POLYVERSE.Tales.Weapon.FIELDS.traits.${t}.label`));
  return labels;
}

export function armourTraitLabels(item: SheetItem, localize: CharacterSheetInput["localize"]): string[] {
  const traits = record(item.system.traits);
  return ARMOUR_TRAITS.filter((t) => bool(traits[t])).map((t) =>
    localize(`POLYVERSE.Tales.Armour.FIELDS.traits.${t}.label`),
  );
}

/** A weapon's damage as the table prints it ("+4", or its note). */
export const damageText = (item: SheetItem): string =>
  str(item.system.damageNote) || `+${num(item.system.damage)}`;

function favouredRows(input: CharacterSheetInput) {
  const { system, localize } = input;
  const weapons = itemsIn(input, "weapons");
  const options = { criticalWoundRule: input.settings?.criticalWoundRule };
  return system.combat.favoured.map((action, index) => {
    const weapon = weapons.find((w) => w.id === action.weapon);
    const columns = woundColumns(system.attributes[action.attribute], system.skills[action.skill], options);
    return {
      index,
      label: action.label,
      kind: action.kind,
      attribute: action.attribute,
      skill: action.skill,
      weapon: action.weapon,
      damage: weapon && action.kind === "offence" ? damageText(weapon) : "",
      columns: WOUND_COLUMNS.map((w) => ({
        level: w,
        value: columns[w],
        current: w === system.health.level,
      })),
      attributeOptions: ATTRIBUTE_KEYS.map((k) => ({
        value: k,
        label: attributeName(k),
        selected: k === action.attribute,
      })),
      skillOptions: SKILL_KEYS.map((k) => ({ value: k, label: skillName(k), selected: k === action.skill })),
      weaponOptions: [
        { value: "", label: localize(`${ROOT}.Combat.NoWeapon`), selected: !weapon },
        ...weapons.map((w) => ({ value: w.id, label: w.name, selected: w.id === action.weapon })),
      ],
      kindOptions: (["offence", "defence"] as const).map((k) => ({
        value: k,
        label: `${ROOT}.Combat.Kind.${k}`,
        selected: k === action.kind,
      })),
      removeLabel: localize(`${ROOT}.Combat.RemoveAction`, { name: action.label || String(index + 1) }),
    };
  });
}

export function combatContext(input: CharacterSheetInput) {
  const { localize } = input;
  const numbers = combatNumbers(input);
  const refusal = woundRefusal(input.system, localize);
  const favoured = favouredRows(input);
  const modifier = input.system.combat.initiativeModifier;
  return {
    numbers: [
      {
        key: "initiative",
        // What the combat rolls on (combat/shared.ts `initiativeSourceOf`): Mental + Awareness (less
        // heavy items) + the modifier.
        value: numbers.initiative + modifier,
        note: numbers.alwaysLosesInitiative ? `${ROOT}.Combat.AlwaysLoses` : "",
        breakdown: modifier
          ? localize(`${ROOT}.Combat.InitiativeBreakdown`, {
              base: String(numbers.initiative),
              modifier: signed(modifier),
            })
          : "",
      },
      { key: "movement", value: numbers.movement, note: "", breakdown: "" },
      { key: "actions", value: numbers.actions, note: "", breakdown: "" },
      { key: "defence", value: numbers.defence, note: "", breakdown: "" },
      { key: "protection", value: numbers.protection, note: "", breakdown: "" },
    ].map((n) => ({ ...n, label: `${ROOT}.Combat.Number.${n.key}` })),
    initiativeModifier: input.system.combat.initiativeModifier,
    leadershipLimit: numbers.leadershipLimit,
    favoured,
    canAddFavoured: input.editable && favoured.length < FAVOURED_ACTIONS,
    columns: WOUND_COLUMNS.map((w) => ({ level: w, label: `${ROOT}.Combat.Column.${w}` })),
    weapons: itemsIn(input, "weapons").map((w) => {
      const skill = str(w.system.skill) || "melee";
      const attribute = str(w.system.attribute) || "physical";
      return {
        ...itemControls(w, localize),
        img: w.img,
        damage: damageText(w),
        modifier: num(w.system.modifier),
        modifierText: signed(num(w.system.modifier)),
        skill: skillName(skill),
        attribute: attributeName(attribute),
        traits: weaponTraitLabels(w, localize).join(", "),
        equipped: bool(w.system.equipped),
        broken: bool(w.system.broken),
        attack: rollButton(localize(`${ROOT}.Roll.Attack`, { name: w.name }), refusal),
      };
    }),
    armour: itemsIn(input, "armour").map((a) => ({
      ...itemControls(a, localize),
      img: a.img,
      protection: num(a.system.protection),
      modifier: num(a.system.modifier),
      traits: armourTraitLabels(a, localize).join(", "),
      equipped: bool(a.system.equipped),
    })),
  };
}

// ---- favoured action edits -----------------------------------------------------------------------

/** The favoured actions with a new one (a melee attack), or null when four are chosen. */
export function addFavoured(system: TalesActorSystem, label: string): FavouredAction[] | null {
  if (system.combat.favoured.length >= FAVOURED_ACTIONS) return null;
  return [
    ...system.combat.favoured,
    { label, attribute: "physical", skill: "melee", weapon: "", kind: "offence" },
  ];
}

export function removeFavoured(system: TalesActorSystem, index: number): FavouredAction[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= system.combat.favoured.length) return null;
  return system.combat.favoured.filter((_, i) => i !== index);
}

/** One field of one favoured action changed; null when the field or value is not one it takes. */
export function editFavoured(
  system: TalesActorSystem,
  index: number,
  field: string,
  value: string,
): FavouredAction[] | null {
  const current = system.combat.favoured[index];
  if (!current) return null;
  let next: FavouredAction;
  if (field === "label") next = { ...current, label: value.trim() };
  else if (field === "weapon") next = { ...current, weapon: value };
  else if (field === "attribute" && (ATTRIBUTE_KEYS as readonly string[]).includes(value))
    next = { ...current, attribute: value as AttributeKey };
  else if (field === "skill" && (SKILL_KEYS as readonly string[]).includes(value))
    next = { ...current, skill: value as SkillKey };
  else if (field === "kind" && (value === "offence" || value === "defence"))
    next = { ...current, kind: value };
  else return null;
  return system.combat.favoured.map((f, i) => (i === index ? next : f));
}
