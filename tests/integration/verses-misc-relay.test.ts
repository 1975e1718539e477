// Issue #11's leftovers that go through the GM, against the built bundle with a player's client and
// the GM's: a player's last week of Animal Training on the GM's horse (the GM adds the skill, checked
// against the card's ledger, once; a forged card is refused), and a player's healer dividing one
// Healing test between the player's own character and the GM's (each change where it belongs).
import { beforeAll, describe, expect, it } from "vitest";
import { HORSE_SOURCE, skillSource } from "../lib/verses-sources";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let player: any;
let gm: any;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  player = world.users.player;
  gm = world.users.gm;
});

describe("the GM adds the skill a player's course of Animal Training taught the GM's horse", () => {
  it("the card asks the GM, who checks it against the ledger and adds Rider's Mount once", async () => {
    const tam = world.actor(
      {
        name: "Tam",
        type: "verses-character",
        items: [
          {
            name: "Animal Training » Horse",
            type: "verses-skill",
            system: skillSource({
              skill: "Animal Training",
              spec: "Horse",
              difficulty: 3,
              repeatable: true,
              allocated: 1,
            }),
          },
        ],
      },
      player.id,
    );
    const colt = world.actor({
      name: "Colt",
      type: "verses-creature",
      system: { attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } },
      items: [{ name: "Horse", type: "verses-species", system: HORSE_SOURCE }],
    });
    // A first week (any dice), then the course is one week from its end.
    world.as(player);
    const first = await api.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 });
    await world.socketToGM();
    const dice = first.message.rolls[0]._faces.length;
    const [course] = api.trainingCourses(tam);
    world.as(player);
    await tam.update({ [`flags.polyverse.verses.training.${course.id}.weeksDone`]: 1 });
    world.queueFaces(Array(dice).fill(6));
    const last = await api.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 });
    expect(last.trained).toBe(true);
    // The player may not change the GM's horse: nothing yet, the card carries the GM's button.
    expect(colt.items.some((i: any) => i.name === "Rider's Mount")).toBe(false);
    expect(last.message.system.card.learn).toEqual({
      animalUuid: colt.uuid,
      animalName: "Colt",
      skill: "ridersMount",
    });
    expect(world.render(last.message).querySelector('[data-pv-action="verses.learnSkill"]')).not.toBeNull();
    await world.socketToGM();
    const learned = colt.items.find((i: any) => i.name === "Rider's Mount");
    expect(learned?.system.allocated).toBe(1);
    expect(last.message.system.learned).toBe(true);
    expect(world.render(last.message).innerHTML).toContain('class="pv-effect pv-learned"');
    expect(world.render(last.message).innerHTML).not.toContain("verses.learnSkill");
    expect(api.trainingCourses(tam)).toEqual([]);
    // Asked again (a replayed button, a hostile client): refused, nothing added twice.
    world.recorder.notifications.length = 0;
    world.as(player);
    await player.update({
      "flags.polyverse.relay.learnagain000001": {
        type: "verses.learnSkill",
        payload: { messageId: last.message.id },
      },
    });
    await world.socketToGM();
    expect(warnings()).toContain("The skill this card taught was added already.");
    expect(colt.items.filter((i: any) => i.name === "Rider's Mount")).toHaveLength(1);
  });

  it("hostile: a training card forged without its roll, or edited after it was posted, adds nothing", async () => {
    const mare = world.actor({
      name: "Mare",
      type: "verses-creature",
      system: { attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } },
      items: [{ name: "Horse", type: "verses-species", system: HORSE_SOURCE }],
    });
    const card = {
      kind: "training",
      title: { key: "POLYVERSE.Verses.NewRules.Training.Title" },
      sides: [],
      outcome: "success",
      headline: { key: "POLYVERSE.Verses.Roll.Failure" },
      lines: [],
      learn: { animalUuid: mare.uuid, animalName: "Mare", skill: "warMount" },
    };
    world.recorder.notifications.length = 0;
    world.as(player);
    const forged = await g.ChatMessage.create({ type: "verses-special", speaker: {}, system: { card } });
    await world.socketToGM();
    world.as(player);
    await player.update({
      "flags.polyverse.relay.forgedlearn00001": {
        type: "verses.learnSkill",
        payload: { messageId: forged.id },
      },
    });
    await world.socketToGM();
    expect(warnings()).toContain(
      "This card's roll was not the animal's training test; the GM refused to add the skill.",
    );
    // Edited after posting (another animal named): the ledger's digest no longer matches.
    world.as(player);
    await forged.update({ "system.card.learn.animalName": "Colt" });
    await player.update({
      "flags.polyverse.relay.forgedlearn00002": {
        type: "verses.learnSkill",
        payload: { messageId: forged.id, extra: 1 },
      },
    });
    await player.update({
      "flags.polyverse.relay.forgedlearn00003": {
        type: "verses.learnSkill",
        payload: { messageId: forged.id },
      },
    });
    await world.socketToGM();
    expect(warnings()).toContain("The GM refused a request that was not well formed.");
    expect(warnings()).toContain("This card was changed after it was rolled; the GM refused to act on it.");
    expect(mare.items.some((i: any) => i.type === "verses-skill")).toBe(false);
    world.as(gm);
  });
});

describe("Healing divided between the patients present, each change where it belongs", () => {
  it("a player's healer heals the player's Ward and the GM's Brute with one test: 9 HP, 5 and 4", async () => {
    const aleth = world.actor(
      {
        name: "Aleth",
        type: "verses-character",
        items: [
          {
            name: "Medicine",
            type: "verses-skill",
            system: skillSource({ skill: "Medicine", allocated: 3 }),
          },
          { name: "Healer's Kit", type: "verses-gear", system: { kind: "supply", supplies: 10 } },
        ],
      },
      player.id,
    );
    const ward = world.actor(
      { name: "Ward", type: "verses-character", system: { hp: { value: 1 } } },
      player.id,
    );
    const brute = world.actor({ name: "Brute", type: "verses-character", system: { hp: { value: 1 } } });
    expect(ward.system.hpMax - 1).toBeGreaterThanOrEqual(5);
    // Medicine 3 (allocated dice only) + 2AD = 5d6 against 3S; five sixes: SM 3, 3 HP per SM = 9 HP.
    world.as(player);
    world.queueFaces([6, 6, 6, 6, 6]);
    const posted = await api.heal(aleth, [ward, brute], { ad: 2 });
    expect(posted.message.rolls).toHaveLength(1);
    expect(ward.system.hp.value).toBe(6);
    expect(brute.system.hp.value).toBe(1);
    expect(posted.pending).toEqual([
      expect.objectContaining({ uuid: brute.uuid, add: [expect.objectContaining({ delta: 4 })] }),
    ]);
    await world.socketToGM();
    expect(brute.system.hp.value).toBe(5);
    expect(posted.message.flags.polyverse.pending).toEqual([]);
    // The supplies are used once (2 AD: 2 supplies), on the healer's own kit.
    const kit = aleth.items.find((i: any) => i.name === "Healer's Kit");
    expect(posted.result.changes.filter((c: any) => c.uuid === kit.uuid)).toHaveLength(1);
    world.as(gm);
  });
});
