// Getting trained, erasing underlines, reading books, learning an occupation and the Integrity save of
// Bonus XP put into Darkness against the built bundle, each learning check rolled through the rolls
// folder's rollCheck with the faces the test queues, quoting chapter 1: "Acrobatics [1]40/5. It's a
// 12 point skill ... DL 18 ... A trainer with Acrobatics [2]100/7 means adding another 50 XP ... you
// now have Acrobatics [2]20/3 ... and your AGL goes up by 1 point to 15/2"; "A book that was [2] 20/3
// would have a DL of 11"; "Astrology [2]16/3, takes an average of 6 hours"; "a 100 XP occupation is
// DL 17".
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadPlayWorld, skill, submit, type PlayWorld } from "./virtually-real-play-world";

const g = globalThis as any;
let world: PlayWorld;
const api = () => g.game.polyverse.rulesets["virtually-real"].actions;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const P = "POLYVERSE.VirtuallyReal.Play";
const lines = (message: any) => {
  const html = world.render(message);
  return [...html.querySelectorAll("li")].map((li) => li.textContent!.trim());
};
const flags = (progress: Record<string, unknown>) => ({ polyverse: { "virtually-real": { progress } } });

beforeAll(async () => {
  world = await loadPlayWorld();
});
beforeEach(() => {
  world.as(world.users.player);
  world.recorder.notifications.length = 0;
});

/** Ana: AGL [2]14/2, LOG 10, Body 16; Acrobatics [1]40/5 (cost 12). */
function ana(
  items: any[] = [],
  system: Record<string, unknown> = {},
  progress: Record<string, unknown> = {},
) {
  return world.character(
    "Ana",
    {
      attributes: {
        agility: { capacity: 2, score: 14 },
        logic: { capacity: 2, score: 10 },
        body: { capacity: 2, score: 16 },
      },
      ...system,
    },
    [skill("acro000000000001", "Acrobatics", { capacity: 1, xp: 40, cost: 12 }, flags(progress)), ...items],
    world.users.player.id,
  );
}

describe("getting trained", () => {
  it("trains with a trainer at [2]100/7: [2]+9 against DL 18; a success gives [2]20/3 and AGL 15", async () => {
    world.as(world.users.gm);
    world.npc("Ilse", {}, [skill("iacro00000000001", "Acrobatics", { capacity: 2, xp: 100 })]);
    const a = ana();
    world.as(world.users.player);
    // Two dice, 4 + 5 = 9, +9 = 18: exactly the DL.
    world.queueFaces([4, 5]);
    const acro = a.items.get("acro000000000001");
    const trainer = api().trainersFor(a, acro)[0];
    expect(trainer).toMatchObject({ name: "Ilse", capacity: 2, xp: 100 });
    const card = await api().trainSkill(a, acro, { trainer: trainer.id, skipDialog: true });
    expect(acro.system).toMatchObject({ capacity: 2, xp: 20, underlines: 0 });
    expect(a.system.attributes.agility.score).toBe(15);
    expect(card.system.card.kind).toBe("training");
    expect(lines(card)).toEqual(
      expect.arrayContaining([
        "Combination of Acrobatics + Agility: [2]+9 against DL 18, rolled 18",
        "Acrobatics: [1]40/5 → [2]20/3",
        "Agility: 14 → 15",
      ]),
    );
  });

  it("refuses self-teaching without XP in every chapter of the Act, and teaches itself with it", async () => {
    const a = ana();
    const acro = a.items.get("acro000000000001");
    expect(await api().trainSkill(a, acro, { trainer: "self", skipDialog: true })).toBeNull();
    expect(warnings()).toContain(text("POLYVERSE.VirtuallyReal.Character.Refusal.missedChapterXP"));
    const b = ana([], {}, { selfTaught: true });
    // [2]+7 against DL 18: 5 + 4 = 9 + 7 = 16, missed by 2: trained, with two underlines.
    world.queueFaces([5, 4]);
    await api().trainSkill(b, b.items.get("acro000000000001"), { trainer: "self", skipDialog: true });
    expect(b.items.get("acro000000000001").system).toMatchObject({ capacity: 2, xp: 20, underlines: 2 });
    // Only one self-taught check after an Act.
    world.recorder.notifications.length = 0;
    expect(
      await api().trainSkill(b, b.items.get("acro000000000001"), { trainer: "self", skipDialog: true }),
    ).toBeNull();
    expect(warnings()).toContain(text(`${P}.Learn.Refused.OnePerAct`));
  });

  it("asks how in a dialog, and erases underlines once a chapter", async () => {
    const a = ana([skill("lock000000000001", "Locks", { capacity: 2, xp: 20, cost: 12, underlines: 2 })]);
    const locks = a.items.get("lock000000000001");
    // Locks [2]20/3 + AGL [2]14/2: capacity 3, +5 against DL 18; 5 + 5 + 4 = 14 + 5 = 19.
    world.queueFaces([5, 5, 4]);
    const card = await api().rerollUnderlines(a, locks, { skipDialog: true });
    expect(locks.system.underlines).toBe(0);
    expect(lines(card)).toContain("Locks: the underlines are erased");
    await locks.update({ "system.underlines": 1 });
    expect(await api().rerollUnderlines(a, locks, { skipDialog: true })).toBeNull();
    expect(warnings()).toContain(text(`${P}.Learn.Refused.UnderlinesThisChapter`));
    // The training dialog: no trainer for Locks [3], so self-taught is the one choice.
    world.answerDialog(submit());
    expect(await api().trainSkill(a, locks, { skipDialog: true })).toBeNull();
    expect(warnings()).toContain(
      text("POLYVERSE.VirtuallyReal.Character.Refusal.aboveAttributeCapacity", {
        target: "3",
        attribute: "2",
      }),
    );
  });

  it("is its owner's: another player's character is refused", async () => {
    world.as(world.users.gm);
    const theirs = world.character("Tor", {}, [
      skill("tacro00000000001", "Acrobatics", { capacity: 1, xp: 40 }),
    ]);
    world.as(world.users.player);
    expect(
      await api().trainSkill(theirs, theirs.items.get("tacro00000000001"), { trainer: "self" }),
    ).toBeNull();
    expect(warnings()).toContain(text(`${P}.Card.NotYours`));
  });
});

describe("reading a book", () => {
  function reader() {
    return ana(
      [
        skill("lite000000000001", "Elvish Literacy", {
          capacity: 2,
          xp: 20,
          ref: "literacy",
          attribute: "logic",
        }),
        skill("astr000000000001", "Astrology", { capacity: 1, xp: 6, attribute: "logic" }),
        {
          _id: "book000000000001",
          name: "Stars",
          type: "virtually-real-book",
          system: { skill: "Astrology", capacity: 2, xp: 16, language: "Elvish" },
        },
      ],
      {},
    );
  }

  it("reads Astrology [2]16/3 against DL 11 and makes it the skill's trainer, in about 6 hours", async () => {
    const a = reader();
    // Literacy [2] level 3 + Astrology [1] level 1: capacity 2, +4; 3 + 4 = 7 + 4 = 11.
    world.queueFaces([3, 4]);
    const card = await api().readBook(a, a.items.get("book000000000001"), {
      dialog: false,
      skipDialog: true,
    });
    expect(lines(card)).toEqual(
      expect.arrayContaining([
        "Combination of Elvish Literacy + Astrology: [2]+4 against DL 11, rolled 11",
        "Reading took about 6 hours",
      ]),
    );
    const progress = a.items.get("astr000000000001").flags.polyverse["virtually-real"].progress;
    expect(progress.book).toEqual({ name: "Stars", capacity: 2, xp: 16 });
  });

  it("refuses a reader who cannot read the language (the dialog's answer)", async () => {
    const a = reader();
    world.answerDialog(
      submit((form) => {
        form.querySelector<HTMLInputElement>('input[name="reads"]')!.checked = false;
      }),
    );
    expect(await api().readBook(a, a.items.get("book000000000001"), { skipDialog: true })).toBeNull();
    expect(warnings()).toContain(text("POLYVERSE.VirtuallyReal.Character.Refusal.cannotReadLanguage"));
  });
});

describe("an occupation and the Darkness save", () => {
  it("learns a 100 XP occupation against DL 17 with LOG and Body, paying 100 Bonus XP", async () => {
    const a = ana([], { bonusXP: { value: 100 } });
    // LOG 10 (+2), Body 16 (+3): capacity 3, +5; 4 + 4 + 4 = 12 + 5 = 17.
    world.queueFaces([4, 4, 4]);
    await api().learnOccupation(a, {
      name: "Smith",
      cost: 100,
      attributes: ["logic", "body"],
      dialog: false,
      skipDialog: true,
    });
    expect(a.system.details.occupation).toBe("Smith");
    expect(a.system.bonusXP.value).toBe(0);
  });

  it("rolls the Integrity save against the Bonus XP put into Darkness", async () => {
    const a = ana(
      [
        skill("inte000000000001", "Culture - Integrity", {
          capacity: 2,
          xp: 10,
          ref: "cultureIntegrity",
          attribute: "aura",
        }),
      ],
      { bonusXP: { value: 5 } },
    );
    // Integrity [2] +2 against DL 3: 2 + 3 = 5 + 2 = 7, a success.
    world.queueFaces([2, 3]);
    await api().placeBonus(a, { darkness: 3, skipDialog: true });
    expect(a.system.darkness.points).toBe(3);
    expect(a.system.bonusXP.value).toBe(2);
    const outcome = world.messages.at(-1);
    expect(outcome.system.card.title.data).toMatchObject({ dl: 3 });
    expect(lines(outcome)).toEqual([text("POLYVERSE.VirtuallyReal.Character.DarknessBonusOutcome.none")]);
  });
});
