// Skill add-ons (issue #11) against the built bundle: Armor » Shields on a shield's Parry (and not
// on a sword's), Stealth & Skulking on a Watch "to detect covert movement" (offered, added when the
// player says so), Athletics on a Dodge roll, Marksmanship at 4+ AD on a ranged attack, and the
// influence skills on a Charm and its resistance.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { feature, skill as worldSkill, weapon } from "../lib/verses-world-items";

const g = globalThis as any;
/** Skills here are difficulty 2. */
const skill = (name: string, allocated: number, over: Record<string, unknown> = {}) =>
  worldSkill(name, allocated, { difficulty: 2, ...over });
let world: AttackWorld;
let api: any;

const SWORDS = skill("Weapons » Swords", 1, { chainLimit: { mode: "sets", chain: "weapon" } });
const LONGSWORD = weapon("Longsword", {
  skill: "Weapons » Swords",
  test: "1S",
  damage: "3(s) or 2(p)",
  features: [feature("Parry", "3")],
});

const cardOf = (message: any) => message.system?.card;
const last = () => world.messages.at(-1);
/** A roll's parts as "label dice", labels localised by the bundle's own card text where they are keys. */
const parts = (message: any) =>
  (message.rolls[0].options.parts as { label: string; dice: number }[]).map((p) => `${p.label} ${p.dice}`);

let attacker: any;

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  attacker = world.actor({
    name: "Mercenary",
    type: "verses-character",
    system: { attributes: { prw: 3 } },
    items: [SWORDS, LONGSWORD],
  });
});

async function attackOn(defender: any, faces = [6, 5, 4, 3, 2]) {
  g.game.user.targets = new Set([defender._tokens[0]]);
  world.queueFaces(faces);
  const sword = attacker.items.find((i: any) => i.name === "Longsword");
  await api.rollWeapon(attacker, sword, 0, { skipDialog: true, ad: 1 });
  return last();
}

describe("Armor » Shields: 'Skill points may be added to Parry actions for shields with the Parry feature'", () => {
  let bearer: any;
  beforeAll(() => {
    bearer = world.actor({
      name: "Shield-bearer",
      type: "verses-character",
      items: [
        SWORDS,
        LONGSWORD,
        skill("Armor » Shields", 2),
        {
          name: "Buckler",
          type: "verses-armour",
          system: {
            class: "shield",
            tuf: 1,
            resistance: "s, p",
            worn: true,
            features: [feature("Parry", "2")],
          },
        },
      ],
    });
    world.token(attacker, 10, 10);
    world.token(bearer, 11, 10);
  });

  it("a parry with the Buckler rolls PRW 2 + Armor » Shields 2 + 2AD (its minimum against Parry(3)) = 6d6", async () => {
    const attack = await attackOn(bearer);
    world.queueFaces([6, 6, 5, 3, 2, 1]);
    // The parry choices: the Longsword (0), then the Buckler (1).
    await api.defend(bearer, attack, 0, "parry", { skipDialog: true, weaponIndex: 1 });
    const parry = last();
    expect(parry.rolls[0].faces).toHaveLength(6);
    expect(parts(parry)).toEqual([
      "Armor » Shields 2",
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "POLYVERSE.Verses.Pool.AD 2",
    ]);
    expect(cardOf(attack).targets[0].defence).toMatchObject({ kind: "parry", weapon: { name: "Buckler" } });
  });

  it("a parry with the Longsword, the Buckler on the arm, does not add the Shields dice", async () => {
    await bearer.update({ "system.ad.spent": 0 });
    const attack = await attackOn(bearer);
    world.queueFaces([6, 5, 3, 2, 1]);
    await api.defend(bearer, attack, 0, "parry", { skipDialog: true, weaponIndex: 0, ad: 2 });
    const parry = last();
    expect(parts(parry)).toEqual([
      "Weapons » Swords 1",
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "POLYVERSE.Verses.Pool.AD 2",
    ]);
    expect(parry.rolls[0].faces).toHaveLength(5);
  });
});

describe("Dodge: 'skill dice may be added to Dodge actions' (Athletics)", () => {
  it("the Dodge roll has Athletics' dice; left out when the player unticks it", async () => {
    const dodger = world.actor({
      name: "Dodger",
      type: "verses-character",
      items: [skill("Athletics", 2)],
    });
    world.token(dodger, 10, 11);
    const attack = await attackOn(dodger);
    world.queueFaces([5, 4, 3, 2, 1]);
    await api.defend(dodger, attack, 0, "dodge", { skipDialog: true, ad: 1 });
    expect(parts(last())).toEqual([
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "Athletics 2",
      "POLYVERSE.Verses.Pool.AD 1",
    ]);
    const again = await attackOn(dodger);
    world.queueFaces([5, 4, 3]);
    await api.defend(dodger, again, 0, "dodge", { skipDialog: true, ad: 1, addOns: [] });
    expect(parts(last())).toEqual(["POLYVERSE.Verses.Attribute.prw.Abbr 2", "POLYVERSE.Verses.Pool.AD 1"]);
  });
});

describe("Stealth & Skulking: 'Skill dice may also be added to any Watch action to detect covert movement'", () => {
  let sentry: any;
  beforeAll(() => {
    sentry = world.actor({
      name: "Sentry",
      type: "verses-character",
      items: [skill("Stealth & Skulking", 2)],
    });
  });

  it("a Watch is SMR + AD until the player says it watches for covert movement", async () => {
    world.queueFaces([6, 5, 2, 1]);
    const roll = await api.watch(sentry, { skipDialog: true, ad: 2 });
    expect(roll.faces).toHaveLength(4);
    expect(parts(last())).toEqual(["POLYVERSE.Verses.Attribute.smr.Abbr 2", "POLYVERSE.Verses.Pool.AD 2"]);
  });

  it("chosen: SMR 2 + Stealth & Skulking 2 + its default PRW 2 + 2AD = 8d6", async () => {
    world.queueFaces([6, 5, 5, 4, 3, 2, 1, 1]);
    const roll = await api.watch(sentry, {
      skipDialog: true,
      ad: 2,
      addOns: ["addOn:stealthSkulking.watch"],
    });
    expect(roll.faces).toHaveLength(8);
    expect(parts(last())).toEqual([
      "POLYVERSE.Verses.Attribute.smr.Abbr 2",
      "Stealth & Skulking 2",
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "POLYVERSE.Verses.Pool.AD 2",
    ]);
  });
});

describe("Marksmanship: 'If spending 4 or more AD on an attack using a ranged weapon with an allocated skill'", () => {
  it("4AD on a bow attack adds Marksmanship's allocated dice; 3AD does not", async () => {
    const archer = world.actor({
      name: "Archer",
      type: "verses-character",
      items: [
        skill("Weapons » Bows", 1),
        skill("Marksmanship", 2, { default: { kind: "skill", skill: "Weapons", spec: "*" }, difficulty: 3 }),
        weapon("Short Bow", {
          skill: "Weapons » Bows",
          test: "2S@10m,20,30,40,50",
          damage: "2(p)",
          hands: 2,
        }),
      ],
    });
    const target = world.actor({ name: "Straw target", type: "verses-character" });
    world.token(archer, 0, 0);
    world.token(target, 5, 0);
    g.game.user.targets = new Set([target._tokens[0]]);
    const bow = archer.items.find((i: any) => i.name === "Short Bow");
    world.queueFaces([6, 6, 5, 5, 4, 3, 2, 1, 1]);
    await api.rollWeapon(archer, bow, 0, { skipDialog: true, ad: 4 });
    expect(parts(last())).toContain("Marksmanship 2");
    expect(last().rolls[0].faces).toHaveLength(2 + 1 + 2 + 4);
    // PRW 2 + Weapons » Bows 1 + 3AD.
    world.queueFaces([6, 5, 4, 3, 2, 1]);
    await api.rollWeapon(archer, bow, 0, { skipDialog: true, ad: 3 });
    expect(parts(last())).not.toContain("Marksmanship 2");
  });
});

describe("Influence: the skills that 'may be added to any attempts to Influence/Charm', and those that also 'contest attempts from others'", () => {
  it("the charmer adds Acting (with Oration) and Charm & Persuasion; the target resists with Charm & Persuasion only", async () => {
    const soc = { default: { kind: "attribute", attribute: "soc" } };
    const socialite = (name: string, cp: number) =>
      world.actor({
        name,
        type: "verses-character",
        items: [
          skill("Charm & Persuasion", cp, soc),
          skill("Oration", 1, soc),
          skill("Acting", 1, { default: { kind: "skill", skill: "Oration" } }),
        ],
      });
    const charmer = socialite("Charmer", 2);
    const mark = socialite("Mark", 1);
    const before = world.messages.length;
    // Charmer: SOC 2 + SMR 2 + Acting 1 + Oration 1 + Charm & Persuasion 2 + 1AD = 9d6;
    // Mark: SOC 2 + SMR 2 + Charm & Persuasion 1 = 5d6.
    world.queueFaces([6, 6, 5, 4, 3, 2, 1, 1, 1], [5, 4, 3, 2, 1]);
    await api.rollInfluence(charmer, "charm", { target: mark, ad: 1 });
    const posted = world.messages.slice(before);
    const sides = posted.map((m: any) => m.system?.card).find((x: any) => x?.kind === "influence").sides;
    expect(sides.map((side: any) => side.faces.length)).toEqual([9, 5]);
    const labels = sides.map((side: any) => side.parts.map((p: any) => `${p.label} ${p.dice}`));
    expect(labels[0]).toEqual(
      expect.arrayContaining(["Acting 1", "Oration 1", "Charm & Persuasion 2", "POLYVERSE.Verses.Pool.AD 1"]),
    );
    expect(labels[1]).toContain("Charm & Persuasion 1");
    expect(labels[1].join(" ")).not.toMatch(/Acting|Oration/);
  });
});
