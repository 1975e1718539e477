// Issue #11's leftovers against the built bundle, through the macro API: a driver moving a Chariot
// its Horse caps at 14 m/AD ("animal-drawn vehicles are always limited by the Movement derived
// attribute of the animals pulling them"), Heightened Metabolism's dice used in a test and freed by
// Rest, and a course of Animal Training whose last week adds the skill to the trainer's own horse.
import { beforeAll, describe, expect, it } from "vitest";
import { HORSE_SOURCE, skillSource } from "../lib/verses-sources";
import type { Recorder } from "./foundry-stub";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let recorder: Recorder;
let actions: any;

const skill = (name: string, allocated: number, extra: Record<string, unknown> = {}) => ({
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, allocated, ...extra }),
});
const horse = (name: string, items: any[] = []) =>
  makeActor(
    stub,
    name,
    { attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } },
    { items: [{ name: "Horse", type: "verses-species", system: HORSE_SOURCE }, ...items] },
  );
const warnings = () => recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const lastCard = () => stub.messages.at(-1);

beforeAll(async () => {
  let loaded;
  ({ stub, loaded } = await loadBundleWithCombat());
  recorder = loaded.recorder;
  actions = g.game.polyverse.rulesets.verses.actions;
});

describe("a driver moves a vehicle at the MV its team allows", () => {
  it("Anders drives the Chariot (18 m/AD) behind Bess (a Horse, 14 m/AD) 30 m: 3 AD at 14 m/AD, and the card says why", async () => {
    const bess = horse("Bess");
    expect(bess.system.derived.mv).toBe(14);
    const chariot = new g.CONFIG.Actor.documentClass({
      name: "Chariot",
      type: "verses-vehicle",
      system: { vehicleType: "Cart", mv: 18, weight: 150, animals: 1, team: [bess.uuid] },
    });
    chariot.uuid = `Actor.${chariot.id}`;
    stub.uuids.set(chariot.uuid, chariot);
    const anders = makeActor(stub, "Anders", {});
    const combat = new g.CONFIG.Combat.documentClass({
      combatants: [{ _id: "cbtA000000000000", name: "Anders", actorId: anders.id }],
    });
    g.game.combat = combat;
    g.game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
    await combat.startCombat();
    await actions.combatSettled();
    const spentBefore = anders.system.ad.spent;
    const plan = await actions.move(anders, 30, { vehicle: chariot });
    expect(plan).toMatchObject({ ad: 3, exBound: 0 });
    expect(anders.system.ad.spent).toBe(spentBefore + 3);
    expect(anders.system.ad.exBound).toBe(0);
    const note = lastCard().system.card;
    expect(note.lines[0]).toEqual({
      key: "POLYVERSE.Verses.VehicleMove.Drives",
      data: { name: "Anders", vehicle: "Chariot", metres: 30, ad: 3, mv: 14 },
    });
    expect(note.lines[1]).toMatchObject({
      key: "POLYVERSE.Verses.VehicleMove.ByAnimal",
      data: { mv: "14", animal: "Bess", vehicleMv: "18" },
    });
    // By its UUID too (the tracker's dialog); the vehicle itself has no AD.
    expect(await actions.move(anders, 14, { vehicle: chariot.uuid })).toMatchObject({ ad: 1 });
    recorder.notifications.length = 0;
    expect(await actions.move(chariot, 10)).toBeNull();
    expect(warnings()[0]).toMatch(/its driver moves it/);
    g.game.combat = null;
  });
});

describe("Heightened Metabolism: used in a test, EX-bound on the ability, freed by Rest", () => {
  it("2 dice added to a PRW test bind 2; a Rest with only them bound is rolled against 2S and frees them", async () => {
    const jee = makeActor(
      stub,
      "Jee",
      {},
      {
        items: [
          {
            name: "Heightened Metabolism",
            type: "verses-ability",
            system: { key: "heightenedMetabolism", allocated: 2, exBound: 0 },
          },
        ],
      },
    );
    const hm = jee.items.find((i: any) => i.type === "verses-ability");
    // PRW 2 + 2 metabolism dice, no AD (outside Fast Action).
    stub.dice = [6, 5, 1, 1];
    const roll = await actions.rollAttribute(jee, "prw", {
      skipDialog: true,
      ad: 0,
      target: 1,
      metabolism: 2,
    });
    expect(stub.errors).toEqual([]);
    expect(roll.faces).toHaveLength(4);
    expect(roll.options.parts).toContainEqual({ label: "POLYVERSE.Verses.Metabolism.Part", dice: 2 });
    expect(hm.system.exBound).toBe(2);
    // A third die is refused: none are free.
    recorder.notifications.length = 0;
    expect(await actions.rollAttribute(jee, "prw", { skipDialog: true, ad: 0, metabolism: 1 })).toBeNull();
    expect(warnings()[0]).toMatch(/Only 0 Heightened Metabolism dice/);
    // Rest: TUF 2 + 2 AD against 2S (no AD EX-bound, the two metabolism dice are); 4 successes: SM 3.
    expect(jee.system.ad.exBound).toBe(0);
    stub.dice = [6, 6, 5, 5];
    const rest = await actions.rollRest(jee, { ad: 2 });
    expect(stub.errors).toEqual([]);
    expect(rest.message.rolls[0].options.target).toBe(2);
    expect(hm.system.exBound).toBe(0);
    expect(rest.result.card.lines[0]).toEqual({
      key: "POLYVERSE.Verses.Metabolism.Freed",
      data: { freed: 2, bound: 0 },
    });
  });
});

describe("Animal Training: the last week adds the skill to the animal", () => {
  it("the trainer's user may change the horse: Rider's Mount is created on it at once, the course deleted", async () => {
    const tam = makeActor(
      stub,
      "Tam",
      {},
      { items: [skill("Animal Training", 1, { spec: "Horse", difficulty: 3, repeatable: true })] },
    );
    const colt = horse("Colt");
    const week = async () => {
      stub.dice = Array(30).fill(6);
      const posted = await actions.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 });
      stub.dice = [];
      return posted;
    };
    await week();
    const last = await week();
    expect(last.trained).toBe(true);
    expect(actions.trainingCourses(tam)).toEqual([]);
    expect(tam.flags.polyverse.verses.training).toEqual({});
    const learned = colt.items.find((i: any) => i.name === "Rider's Mount");
    expect(learned.system).toMatchObject({ allocated: 1, difficulty: 2 });
    expect(colt.system.skills).toContainEqual(expect.objectContaining({ skill: "Rider's Mount", dice: 1 }));
    expect(last.message.system.card.learn).toBeUndefined();
    expect(last.message.system.card.lines.at(-1)).toEqual({
      key: "POLYVERSE.Verses.Training.Added",
      data: { animal: "Colt", skill: "Rider's Mount" },
    });
    // Trained now: a new course in the same skill is refused.
    recorder.notifications.length = 0;
    expect(await actions.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 })).toBeNull();
  });

  it("a translated compendium's entry is found by its skill key (system.skill), not its name", async () => {
    const pack = g.game.packs.get("polyverse.verses-skills");
    const original = pack.getDocuments;
    // The entry as a translation module would leave it: the name in another language, the key kept.
    const system = skillSource({
      skill: "Rider's Mount",
      difficulty: 2,
      default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    });
    const entry = { _id: "tr0000000000001", name: "Monture du cavalier", type: "verses-skill", system };
    pack.getDocuments = async () => [{ ...entry, toObject: () => structuredClone(entry) }];
    try {
      const tam = makeActor(
        stub,
        "Tam",
        {},
        { items: [skill("Animal Training", 1, { spec: "Horse", difficulty: 3, repeatable: true })] },
      );
      const colt = horse("Colt");
      for (let week = 0; week < 2; week++) {
        stub.dice = Array(30).fill(6);
        await actions.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 });
        stub.dice = [];
      }
      const learned = colt.items.find((i: any) => i.type === "verses-skill");
      expect(learned?.name).toBe("Monture du cavalier");
      expect(learned.system).toMatchObject({ skill: "Rider's Mount", allocated: 1 });
      expect(colt.system.skills).toContainEqual(expect.objectContaining({ skill: "Rider's Mount", dice: 1 }));
    } finally {
      pack.getDocuments = original;
    }
  });
});
