import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

// Desperate Rally (reference/verses-core-0.8.5.txt): "When HP is reduced to equal to or less than the
// number of allocated dice, all EX is unbound." "A typical dog has 1 die allocated to Desperate Rally."
// An attack card's Undo takes the blow back as amounts: the HP, and the EX the rally unbound.

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let rex: any;
let archer: any;

const cardOf = (message: any) => message.system?.card;

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  rex = world.actor({
    name: "Rex",
    type: "verses-character",
    system: { hp: { value: 4 }, ad: { exBound: 2 } },
    items: [
      { name: "Desperate Rally", type: "verses-ability", system: { key: "desperateRally", allocated: 1 } },
    ],
  });
  // Foundry runs the data model's _preUpdate on every update (Desperate Rally lives there).
  const update = rex.update.bind(rex);
  rex.update = async (data: any) => {
    const changes = g.foundry.utils.expandObject({ ...data });
    await rex.system._preUpdate(changes, {}, g.game.user);
    return update(g.foundry.utils.flattenObject(changes));
  };
  archer = world.actor({
    name: "Crossbowman",
    type: "verses-character",
    items: [
      {
        name: "Weapons » Crossbows",
        type: "verses-skill",
        system: {
          skill: "Weapons",
          spec: "Crossbows",
          difficulty: 1,
          default: { kind: "attribute", attribute: "prw" },
          allocated: 2,
        },
      },
      {
        name: "Heavy Crossbow",
        type: "verses-weapon",
        system: {
          modes: [
            {
              name: "",
              area: "",
              indirect: false,
              hands: 2,
              skill: "Weapons » Crossbows",
              test: "1S",
              damage: "3(p)",
            },
          ],
          equipped: true,
          magazine: { size: 0, loaded: 1, ammo: "", effect: "—", paid: 0 },
        },
      },
    ],
  });
  world.token(archer, 1, 0);
  world.token(rex, 2, 0);
});

async function shoot(faces: number[]) {
  g.game.user.targets = new Set([rex._tokens[0]]);
  await archer.items.find((i: any) => i.name === "Heavy Crossbow").update({ "system.magazine.loaded": 1 });
  world.queueFaces(faces);
  const bow = archer.items.find((i: any) => i.name === "Heavy Crossbow");
  await api.rollWeapon(archer, bow, 0, { skipDialog: true, ad: 1 });
  const message = world.messages.at(-1);
  await api.attackCardOp(message, { op: "take", index: 0 });
  await api.attackCardOp(message, { op: "apply", index: 0 });
  return message;
}

describe("Desperate Rally and the attack card's Undo", () => {
  it("a bolt's six brings Rex (4 HP, 2 EX bound) to 1 HP and binds 1 EX: the rally unbinds all 3; Undo gives back the 3 HP and binds the 2 EX again", async () => {
    const message = await shoot([6, 1, 1, 1, 1]);
    expect(rex.system.hp.value).toBe(1);
    expect(rex.system.ad.exBound).toBe(0);
    expect(cardOf(message).targets[0].applied.rally).toEqual({ unbound: 3 });
    await api.attackCardOp(message, { op: "undo", index: 0 });
    expect(rex.system.hp.value).toBe(4);
    expect(rex.system.ad.exBound).toBe(2);
    expect(cardOf(message).targets[0].applied).toBeNull();
  });

  it("three sixes leave Rex Moribund at 0 HP (no AD pool): Undo lifts Moribund, then binds the 2 EX again", async () => {
    const message = await shoot([6, 6, 6, 1, 1]);
    expect(rex.system.hp.value).toBe(0);
    expect(rex.statuses.has("moribund")).toBe(true);
    expect(rex.system.ad.exBound).toBe(0);
    await api.attackCardOp(message, { op: "undo", index: 0 });
    expect(rex.system.hp.value).toBe(4);
    expect(rex.statuses.has("moribund")).toBe(false);
    expect(rex.system.ad.exBound).toBe(2);
  });
});
