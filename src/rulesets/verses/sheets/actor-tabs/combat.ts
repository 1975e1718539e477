/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Combat tab (weapons and their
 * attack pools, armour and shields, Dodge, Watch and Parry pools, the AD of the round).
 */
import { sheetAmmo } from "../../data/ammo-logic";
import { ARMOUR_SKILLS, skillAllocation, type ActionId } from "../../rules";
import { attackRequest, featuresText, naturalAttack, parryRating } from "../../data/weapon-modes";
import {
  type ActorSheetInput,
  type PoolSummary,
  ROOT,
  type SheetItem,
  attributeAbbr,
  bool,
  byName,
  forbiddenText,
  maybeAddOns,
  num,
  poolFor,
  skillActorOf,
  str,
  summarisePool,
  itemsIn,
} from "./common";
import { pluralKey } from "../../../../core/i18n-logic";

interface ModeSource {
  name: string;
  skill: string;
  test: string;
  damage: string;
  hands: number;
  features: readonly { name: string; value: string }[];
  area: string;
}

/** The weapons, equipped first, each mode with the pool its attack button rolls. */
function weaponRows(input: ActorSheetInput) {
  const { system, localize } = input;
  return itemsIn(input, "weapons")
    .map((item) => {
      const modes = (Array.isArray(item.system.modes) ? item.system.modes : []) as ModeSource[];
      const magazine = item.system.magazine as { size: number; loaded: number } | undefined;
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        equipped: bool(item.system.equipped),
        magazine: magazine && magazine.size > 0 ? `${magazine.loaded}/${magazine.size}` : "",
        ammunition: str(item.system.ammunition),
        /** Rounds loaded of the capacity, and whether Reload is offered (attack/ammo-logic.ts). */
        ammo: sheetAmmo(item.name, item.system),
        modes: modes.map((mode, index) => {
          // The same pool the roll assembles (a creature's natural attack: its attributes).
          const request = attackRequest(mode, { fastAction: false });
          const melee = request.meleeAttack === true;
          const natural = naturalAttack(mode);
          const pool = summarisePool(poolFor(input.world, system, request), localize);
          const actions: ActionId[] = ["attack", melee ? "meleeAttack" : "rangedAttack"];
          if (melee && mode.hands === 2) actions.push("twoHandedMelee");
          return {
            index,
            label: mode.name || "—",
            rollLabel: localize(`${ROOT}.Combat.Attack`, {
              name: mode.name ? `${item.name}: ${mode.name}` : item.name,
            }),
            skill:
              mode.skill || (natural?.attributes ?? []).map((a) => localize(attributeAbbr(a))).join(" + "),
            test: mode.test,
            damage: mode.damage,
            area: mode.area,
            hands: mode.hands,
            features: featuresText(mode.features),
            pool,
            forbidden: forbiddenText(system, actions, localize),
          };
        }),
      };
    })
    .sort((a, b) => Number(b.equipped) - Number(a.equipped) || byName(a, b));
}

/** Worn armour and shields. */
function armourRows(input: ActorSheetInput) {
  const armourItems = itemsIn(input, "armour");
  const armourRow = (item: SheetItem) => {
    const features = (
      Array.isArray(item.system.features) ? item.system.features : []
    ) as ModeSource["features"];
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      worn: bool(item.system.worn),
      class: `${ROOT}.ArmourClass.${str(item.system.class) || "light"}`,
      tuf: num(item.system.tuf),
      resistance: str(item.system.resistance) || "—",
      prwPenalty: num(item.system.prwPenalty),
      features: featuresText(features),
      parry: parryRating(features),
    };
  };
  const armour = armourItems
    .filter((i) => i.system.class !== "shield")
    .map(armourRow)
    .sort(byName);
  const shields = armourItems
    .filter((i) => i.system.class === "shield")
    .map(armourRow)
    .sort(byName);
  return { armour, shields };
}

type ShieldRow = ReturnType<typeof armourRows>["shields"][number];

/** Parry: each equipped weapon mode with Parry(#), each wielded shield with it. */
function parryRows(input: ActorSheetInput, shields: readonly ShieldRow[]) {
  const { system, localize } = input;
  const actor = skillActorOf(system);
  const parries: {
    name: string;
    rating: number;
    pool: PoolSummary;
    usable: boolean;
    reason: string;
  }[] = [];
  for (const item of itemsIn(input, "weapons").filter((i) => bool(i.system.equipped))) {
    const modes = (Array.isArray(item.system.modes) ? item.system.modes : []) as ModeSource[];
    for (const mode of modes) {
      const rating = parryRating(mode.features);
      if (rating === null) continue;
      const pool = summarisePool(
        mode.skill
          ? poolFor(input.world, system, { skill: mode.skill, action: "parry" })
          : poolFor(input.world, system, {}),
        localize,
      );
      const allocated = mode.skill ? skillAllocation(actor, mode.skill) : 0;
      const usable = pool.usable && allocated > 0;
      parries.push({
        name: mode.name ? `${item.name}: ${mode.name}` : item.name,
        rating,
        pool,
        usable,
        reason: usable ? "" : localize(`${ROOT}.Combat.ParryNeedsSkill`, { skill: mode.skill || item.name }),
      });
    }
  }
  for (const shield of shields.filter((s) => s.worn && s.parry !== null)) {
    const ref = "Armor » Shields";
    const pool = summarisePool(poolFor(input.world, system, { skill: ref, action: "parry" }), localize);
    const usable = pool.usable && skillAllocation(actor, ref) > 0;
    parries.push({
      name: shield.name,
      rating: shield.parry!,
      pool,
      usable,
      reason: usable ? "" : localize(`${ROOT}.Combat.ParryNeedsSkill`, { skill: ref }),
    });
  }
  return parries;
}

/** What the worn armour costs ("Armor & Shields"): PRW lost, and dice off PRW-related tests. */
function armourBurden(input: ActorSheetInput): string {
  const { system, localize } = input;
  const { prwPenalty, unskilledDice, unskilled } = system.armour;
  return [
    prwPenalty ? localize(`${ROOT}.Combat.ArmourPrw`, { n: String(prwPenalty) }) : "",
    unskilledDice
      ? localize(pluralKey(`${ROOT}.Combat.ArmourUnskilled`, unskilledDice), {
          n: String(unskilledDice),
          skills: unskilled.map((c) => ARMOUR_SKILLS[c].skill).join(", "),
        })
      : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function combatContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const weapons = weaponRows(input);
  const { armour, shields } = armourRows(input);
  const parries = parryRows(input, shields);
  const burden = armourBurden(input);

  // Dodge: PRW + the abilities and skill add-ons the rules add to a Dodge (Athletics, Dance, the
  // Armor skill of the armour worn); add-ons that need a circumstance are listed as "may add".
  const dodgeBase = poolFor(input.world, system, { attribute: "prw", action: "dodge" });
  const dodge = summarisePool(dodgeBase, localize);
  const dodgeMaybe = maybeAddOns(dodgeBase, localize);
  // Watch: SMR + perception abilities; Stealth & Skulking and Bluffing & Tells for what they detect.
  const watchBase = poolFor(input.world, system, { attribute: "smr", action: "watch" });
  const watch = {
    pool: summarisePool(watchBase, localize),
    maybe: maybeAddOns(watchBase, localize),
    forbidden: forbiddenText(system, ["watch"], localize),
  };

  return {
    weapons,
    armour,
    burden,
    shields,
    dodge: {
      pool: dodge,
      maybe: dodgeMaybe,
      forbidden: forbiddenText(system, ["dodge"], localize),
    },
    watch,
    parries,
    parryForbidden: forbiddenText(system, ["parry"], localize),
    ad: {
      max: system.adMax,
      available: system.adAvailable,
      spent: system.ad.spent,
      exBound: system.ad.exBound,
      reserved: system.ad.reserved,
    },
  };
}
