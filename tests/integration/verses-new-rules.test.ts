// Issue #11 against the built bundle: Lock Picking with improvised tools, a course of Animal
// Training week by week, and commanding a mount (a contested dangerous task, an uncontested War
// Mount), each through the macro API: the roll in chat and the effect on the documents.
import { beforeAll, describe, expect, it } from "vitest";
import { HORSE_SOURCE, skillSource } from "../lib/verses-sources";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let actions: any;
let tam: any;
let bay: any;
let warhorse: any;

const skill = (name: string, allocated: number, extra: Record<string, unknown> = {}) => ({
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, allocated, ...extra }),
});
const horse = (name: string, items: any[]) =>
  makeActor(
    stub,
    name,
    { attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } },
    { items: [{ name: "Horse", type: "verses-species", system: HORSE_SOURCE }, ...items] },
  );
const lastCard = () => stub.messages.at(-1);
const special = (m: any) => m.system.card;
const lineKeys = (m: any) => special(m).lines.map((l: any) => l.key);

beforeAll(async () => {
  ({ stub } = await loadBundleWithCombat());
  actions = g.game.polyverse.rulesets.verses.actions;
  tam = makeActor(
    stub,
    "Tam",
    {},
    {
      items: [
        skill("Lock Picking", 1, {
          difficulty: 2,
          default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
        }),
        skill("Animal Training", 1, { spec: "Horse", difficulty: 3, repeatable: true }),
        skill("Riding", 1, { spec: "Horse", repeatable: true }),
        { name: "Bent Nail", type: "verses-gear", system: { quantity: 2 } },
      ],
    },
  );
  bay = horse("Bay", [skill("Rider's Mount", 2, { category: "animal" })]);
  warhorse = horse("Ironside", [skill("War Mount", 2, { category: "animal" })]);
});

describe("Lock Picking: improvised tools take 1 die off, and break on a failure with no successes", () => {
  it("appropriate tools: the whole pool; the lock is defeated on a success", async () => {
    stub.dice = Array(20).fill(6);
    const posted = await actions.rollLockPicking(tam, { ad: 1, target: 2 });
    const dice = posted.message.rolls[0].faces.length;
    stub.dice = [];
    expect(special(posted.message).kind).toBe("lockPicking");
    expect(lineKeys(posted.message)).toContain("POLYVERSE.Verses.NewRules.LockPicking.Open");
    // With an improvised Bent Nail: one die fewer; all ones is a failure with no successes.
    stub.dice = Array(dice - 1).fill(1);
    const nail = tam.items.find((i: any) => i.name === "Bent Nail");
    const broken = await actions.rollLockPicking(tam, {
      ad: 1,
      target: 2,
      improvised: true,
      tool: { uuid: nail.uuid, name: nail.name },
    });
    expect(stub.errors).toEqual([]);
    expect(broken.message.rolls[0].faces).toHaveLength(dice - 1);
    expect(special(broken.message).sides[0].parts).toContainEqual({
      label: "POLYVERSE.Verses.NewRules.LockPicking.Improvised",
      dice: -1,
    });
    expect(lineKeys(broken.message)).toEqual([
      "POLYVERSE.Verses.NewRules.LockPicking.Holds",
      "POLYVERSE.Verses.NewRules.LockPicking.ImprovisedLine",
      "POLYVERSE.Verses.NewRules.LockPicking.BreaksItem",
    ]);
    expect(nail.system.quantity).toBe(1);
  });

  it("a failure with a success does not break the tool", async () => {
    const nail = tam.items.find((i: any) => i.name === "Bent Nail");
    stub.dice = [5, ...Array(20).fill(1)];
    const posted = await actions.rollLockPicking(tam, {
      ad: 1,
      target: 3,
      improvised: true,
      tool: { uuid: nail.uuid, name: nail.name },
    });
    stub.dice = [];
    expect(posted.result.card.outcome).toBe("failure");
    expect(lineKeys(posted.message)).not.toContain("POLYVERSE.Verses.NewRules.LockPicking.BreaksItem");
    expect(nail.system.quantity).toBe(1);
  });
});

describe("Animal Training: the Horse trains against 4S, 1 week per level of difficulty", () => {
  it("Rider's Mount for a horse: a week done, a week begun again, the last week: trained", async () => {
    const colt = horse("Colt", []);
    const week = async (face: number) => {
      stub.dice = Array(30).fill(face);
      const posted = await actions.trainAnimal(tam, colt, { skill: "ridersMount", ad: 2 });
      stub.dice = [];
      return posted;
    };
    const first = await week(6);
    expect(first.message.rolls[0].options.target).toBe(4);
    expect(actions.trainingCourses(tam)).toMatchObject([
      { skill: "ridersMount", weeksDone: 1, weeksNeeded: 2, animalName: "Colt" },
    ]);
    const again = await week(1);
    expect(lineKeys(again.message)).toEqual(["POLYVERSE.Verses.NewRules.Training.WeekAgain"]);
    expect(actions.trainingCourses(tam)[0].weeksDone).toBe(1);
    const last = await week(6);
    expect(last.trained).toBe(true);
    // The trainer's user may change the colt: the skill is added at once (verses-misc.test.ts).
    expect(lineKeys(last.message)).toEqual([
      "POLYVERSE.Verses.NewRules.Training.Trained",
      "POLYVERSE.Verses.Training.Added",
    ]);
    expect(actions.trainingCourses(tam)).toEqual([]);
  });
});

describe("Commanding a mount: 1AD a command; a dangerous task is contested by SMR + TUF, a War Mount does not contest", () => {
  it("Bay (Rider's Mount 2) contests a dangerous command with 5 dice", async () => {
    // Tam: Riding » Horse (SMR 2 + 1) + Bay's Rider's Mount 2 = 5 dice; Bay: SMR 2 + TUF 3.
    stub.dice = [...Array(5).fill(6), ...Array(5).fill(1)];
    const posted = await actions.commandAnimal(tam, bay, { task: "dangerous" });
    expect(stub.errors).toEqual([]);
    expect(posted.obeyed).toBe(true);
    expect(posted.message.rolls).toHaveLength(2);
    expect(posted.message.rolls[0].faces).toHaveLength(5);
    expect(special(posted.message).sides[1].faces).toEqual([1, 1, 1, 1, 1]);
    expect(special(posted.message).sides.map((s: any) => s.name)).toEqual(["Tam", "Bay"]);
  });

  it("Ironside (War Mount 2) does not contest: one roll against the task's difficulty", async () => {
    stub.dice = Array(20).fill(1);
    const posted = await actions.commandAnimal(tam, warhorse, { task: "dangerous", difficulty: 2 });
    stub.dice = [];
    expect(posted.obeyed).toBe(false);
    expect(posted.message.rolls).toHaveLength(1);
    expect(posted.message.rolls[0].options.target).toBe(2);
    expect(lineKeys(posted.message)).toContain("POLYVERSE.Verses.NewRules.Command.Refused");
  });
});

describe("Leaving cover mid-round: 'thereafter they have only Partial cover for the rest of the round'", () => {
  it("the tracker's Leave cover marks the combatant for this round and posts a card", async () => {
    const seeja = makeActor(stub, "Seeja", {});
    const combat = new g.CONFIG.Combat.documentClass({
      combatants: [{ _id: "cbtS000000000000", name: "Seeja", actorId: seeja.id }],
    });
    g.game.combat = combat;
    g.game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
    await combat.startCombat();
    await actions.combatSettled();
    const before = stub.messages.length;
    await actions.leaveCover(seeja);
    const combatant = combat.combatants.find((c: any) => c.name === "Seeja");
    expect(combatant.flags.polyverse.verses.leftCover).toEqual({ round: combat.round });
    expect(stub.messages).toHaveLength(before + 1);
    expect(lastCard().system.card).toMatchObject({
      kind: "leaveCover",
      lines: [{ key: "POLYVERSE.Verses.NewRules.LeaveCover.Line", data: { name: "Seeja" } }],
    });
    g.game.combat = null;
  });
});
