// Virtually Real's documents glue against the built bundle: the status effects of chapter 1's two
// conditions tables kept in step with the condition marks both ways; the GM's end of a scene ("you earn
// 1 Experience Point (XP) in that skill at the end of the scene"; adrenaline fading, "give up an
// Endurance point"; the conditions' "At Next"; the story clock) and of a chapter (practice XP, "1 each
// chapter" light, the Bonus XP awards), each once per scene or chapter, from the Actors directory or a
// macro; the chapter card's button placing a character's Bonus XP ("No skill can be raised more than a
// single level at a time").
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadPlayWorld, skill, submit, type PlayWorld } from "./virtually-real-play-world";
import { sheetFor } from "./sheet-harness";

const g = globalThis as any;
let world: PlayWorld;
const api = () => g.game.polyverse.rulesets["virtually-real"].actions;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const P = "POLYVERSE.VirtuallyReal.Play";
const cardOf = (message: any) => message.system.card;
const lines = (message: any) => {
  const html = world.render(message);
  return [...html.querySelectorAll("li")].map((li) => li.textContent!.trim());
};

beforeAll(async () => {
  world = await loadPlayWorld();
});
beforeEach(() => {
  world.as(world.users.gm);
  world.recorder.notifications.length = 0;
});

/** Ana: AGL [2]14/2, Aura score 9, light 1; Acrobatics [2]36/4 used this scene. */
function ana(extra: Record<string, unknown> = {}, items: any[] = []) {
  return world.character(
    "Ana",
    { attributes: { agility: { capacity: 2, score: 14 }, aura: { capacity: 2, score: 9 } }, ...extra },
    [skill("acro000000000001", "Acrobatics", { xp: 36, usedThisScene: true }), ...items],
    world.users.player.id,
  );
}

describe("the descriptor", () => {
  it("offers the statuses of the conditions tables, Defeated as the tracker's, the card and the actions", () => {
    const ids = g.CONFIG.statusEffects.map((s: any) => s.id);
    expect(ids).toHaveLength(19);
    expect(ids).toEqual(
      expect.arrayContaining([
        "dying",
        "numb",
        "fearRush",
        "fear",
        "newTrauma",
        "winded",
        "maneuver",
        "defeated",
      ]),
    );
    expect(g.CONFIG.specialStatusEffects.DEFEATED).toBe("defeated");
    // Localised at setup from the tables: X heals to B at the next long rest.
    const dying = g.CONFIG.statusEffects.find((s: any) => s.id === "dying");
    expect(dying.description).toContain("B (Broken bones)");
    const ruleset = g.game.polyverse.registry.get("virtually-real");
    expect(Object.keys(ruleset.types.ChatMessage)).toContain("virtually-real-scene");
    for (const name of ["endScene", "endChapter", "placeBonus", "donateBonusXP", "trainSkill", "readBook"])
      expect(typeof api()[name]).toBe("function");
  });
});

describe("statuses and condition marks, both ways", () => {
  it("shows a marked condition's status on the token (the active GM's client) and clears it with the mark", async () => {
    const actor = ana();
    await actor.update({
      "system.conditions": [{ severity: "critical", group: "physical", id: "X", atNext: "longRest" }],
    });
    await flush();
    expect(actor.statuses.has("dying")).toBe(true);
    await actor.update({ "system.conditions": [], "system.state.winded": true });
    await flush();
    expect(actor.statuses.has("dying")).toBe(false);
    expect(actor.statuses.has("winded")).toBe(true);
  });

  it("marks the table's condition when its owner sets a status on the token, and clears it again", async () => {
    const actor = ana();
    world.as(world.users.player);
    expect(await world.tokenStatus(actor, "numb", true)).toBe(true);
    // N Numb (0 Ki): a critical condition until the next short rest.
    expect(actor.system.conditions.map((c: any) => [c.id, c.severity, c.atNext])).toEqual([
      ["N", "critical", "shortRest"],
    ]);
    expect(actor.system.derived.critical.count).toBe(1);
    // A rush set on the token: its box holds an adrenaline level of at least 1.
    await world.tokenStatus(actor, "fearRush", true);
    expect(actor.system.adrenaline.level).toBe(1);
    await world.tokenStatus(actor, "numb", false);
    expect(actor.system.conditions.map((c: any) => c.id)).toEqual(["fearRush"]);
    await world.tokenStatus(actor, "tired", true);
    expect(actor.system.state.tired).toBe(true);
  });

  it("refuses New Trauma on the token (it needs a target from the sheet), but shows it once marked", async () => {
    const actor = ana();
    world.as(world.users.player);
    expect(await world.tokenStatus(actor, "newTrauma", true)).toBe(false);
    expect(warnings()).toContain(text(`${P}.Status.SheetOnly`, { name: "New trauma" }));
    expect(actor.system.conditions).toEqual([]);
    world.as(world.users.gm);
    await actor.update({
      "system.conditions": [
        { severity: "serious", group: "emotional", target: "guilt", id: "T", atNext: "scene" },
      ],
    });
    await flush();
    expect(actor.statuses.has("newTrauma")).toBe(true);
  });
});

describe("the end of a scene", () => {
  it("is the GM's: a player is refused and nothing changes", async () => {
    const before = api().storyClock();
    world.as(world.users.player);
    expect(await api().endScene({ confirm: false })).toBeNull();
    expect(warnings()).toContain(text(`${P}.Story.GMOnly`));
    expect(api().storyClock()).toEqual(before);
  });

  it("gives each skill used its 1 XP, lets adrenaline fade, heals the scene's conditions, once", async () => {
    const a = ana({
      adrenaline: { level: 2 },
      endurance: { value: 3, max: 6 },
      conditions: [
        { severity: "critical", group: "emotional", target: "violence", id: "fearRush", atNext: "scene" },
      ],
    });
    const start = api().storyClock().scene;
    const done = await api().endScene({ confirm: false });
    expect(done.scene).toBe(start + 1);
    const acro = a.items.get("acro000000000001");
    // Acrobatics [2]36/4 + 1 → 37/5: level 5 is odd and above AGL's +2, so AGL 14 → 15.
    expect(acro.system).toMatchObject({ xp: 37, usedThisScene: false, gainedThisChapter: true });
    expect(a.system.attributes.agility.score).toBe(15);
    expect(a.system.endurance.value).toBe(2);
    expect(a.system.adrenaline.level).toBe(0);
    // The fear rush heals to F (serious, Violence) at the scene's end.
    expect(a.system.conditions.map((c: any) => c.id)).toEqual(["F"]);
    expect(api().storyClock().scene).toBe(start + 1);
    const card = cardOf(done.message);
    expect(card.kind).toBe("scene");
    expect(card.rows.find((r: any) => r.uuid === a.uuid)).toBeTruthy();
    expect(lines(done.message)).toEqual(
      expect.arrayContaining([
        "Acrobatics: [2]36/4 → [2]37/5 (used this scene)",
        "Agility: 14 → 15",
        "The adrenaline fades: Endurance 3 → 2",
      ]),
    );
    // The same scene again: nothing more, no second card.
    const messages = world.messages.length;
    expect(await api().endScene({ confirm: false, scene: start + 1 })).toBeNull();
    expect(warnings()).toContain(text(`${P}.Story.SceneDone`, { n: String(start + 1) }));
    expect(acro.system.xp).toBe(37);
    expect(world.messages.length).toBe(messages);
  });

  it("asks the GM in a dialog: an unticked use earns nothing, a ticked risk earns light", async () => {
    const a = ana({ darkness: { points: 6 } });
    world.answerDialog(
      submit((form) => {
        form.querySelector<HTMLInputElement>(
          `input[name="xp"][value="${a.uuid}|acro000000000001"]`,
        )!.checked = false;
        form.querySelector<HTMLInputElement>(`input[name="light"][value="${a.uuid}"]`)!.checked = true;
      }),
    );
    const done = await api().endScene();
    expect(a.items.get("acro000000000001").system.xp).toBe(36);
    // Light 1 → 2, and 6 Darkness → 5.
    expect(a.system.light.value).toBe(2);
    expect(a.system.darkness.points).toBe(5);
    expect(lines(done.message)).toContain("+1 light: 1 → 2; Darkness 6 → 5");
  });

  it("is one of the Actors directory's GM buttons in a Virtually Real world", () => {
    const html = document.createElement("div");
    html.innerHTML = `<div class="header-actions"></div>`;
    g.Hooks.callAll("renderActorDirectory", {}, html);
    expect(html.querySelector(".header-actions [data-pv-vr-end-scene]")).not.toBeNull();
    expect(html.querySelector(".header-actions [data-pv-vr-end-chapter]")).not.toBeNull();
    world.as(world.users.player);
    const theirs = document.createElement("div");
    g.Hooks.callAll("renderActorDirectory", {}, theirs);
    expect(theirs.querySelector("[data-pv-vr-end-scene]")).toBeNull();
  });
});

describe("the end of a chapter", () => {
  it("gives practice XP, the chapter's light and the awards' Bonus XP, once; the Act ends with it", async () => {
    const a = ana({}, [
      skill(
        "climb00000000001",
        "Climb",
        { xp: 20 },
        { polyverse: { "virtually-real": { progress: { practising: true } } } },
      ),
    ]);
    const start = api().storyClock();
    const done = await api().endChapter({
      confirm: false,
      group: { goal: "chapterGoal", actEnds: true },
      individual: { [a.uuid]: { usefulIdea: 1 } },
    });
    expect(done.chapter).toBe(start.chapter + 1);
    // Climb [2]20/3 practised, no XP otherwise: 1 practice XP.
    expect(a.items.get("climb00000000001").system.xp).toBe(21);
    // Light: 1 each chapter + the Chapter Goal's asterisk.
    expect(a.system.light.value).toBe(3);
    // Bonus XP: Chapter Goal 1 + Useful Idea 2.
    expect(a.system.bonusXP.value).toBe(3);
    expect(api().storyClock()).toMatchObject({ chapter: start.chapter + 1, act: start.act + 1 });
    const card = cardOf(done.message);
    expect(card.title.key).toBe(`${P}.Card.Chapter.TitleAct`);
    expect(card.rows.find((r: any) => r.uuid === a.uuid).actions).toEqual(["placeBonus"]);
    expect(await api().endChapter({ confirm: false, chapter: start.chapter + 1 })).toBeNull();
    expect(a.system.bonusXP.value).toBe(3);
  });

  it("reads the awards from the GM's dialog", async () => {
    const a = ana();
    world.answerDialog(
      submit((form) => {
        form.querySelector<HTMLSelectElement>('select[name="goal"]')!.value = "actGoal";
        form.querySelector<HTMLInputElement>('input[name="puzzle.difficult"]')!.value = "1";
        form.querySelector<HTMLInputElement>(`input[name="award|${a.uuid}|selfSacrifice"]`)!.value = "1";
      }),
    );
    await api().endChapter();
    // Act goal 2 + difficult puzzle 4 + Act Of Self Sacrifice 3* = 9 Bonus XP; light 1 + 1 = 2 earned.
    expect(a.system.bonusXP.value).toBe(9);
    expect(a.system.light.value).toBe(3);
  });

  it("lets the row's owner place the Bonus XP from the card, one level at a time", async () => {
    const a = ana({ bonusXP: { value: 0 } });
    const done = await api().endChapter({
      confirm: false,
      individual: { [a.uuid]: { criticalPlanGroup: 1 } },
    });
    expect(a.system.bonusXP.value).toBe(3);
    const row = cardOf(done.message).rows.findIndex((r: any) => r.uuid === a.uuid);
    world.as(world.users.player);
    world.answerDialog(
      submit((form) => {
        form.querySelector<HTMLInputElement>('input[name="skill|acro000000000001"]')!.value = "2";
      }),
    );
    expect(await world.press(done.message, `[data-row="${row}"] [data-pv-action]`)).toBe(true);
    // Acrobatics [2]36/4 + 2 Bonus XP → 38/5.
    expect(a.items.get("acro000000000001").system.xp).toBe(38);
    expect(a.system.bonusXP.value).toBe(1);
    expect(cardOf(world.messages.at(-1)).kind).toBe("bonus");
  });

  it("refuses Bonus XP that jumps a level: 20 XP (level 3) takes 16 at most", async () => {
    const a = world.character(
      "Bo",
      { bonusXP: { value: 20 } },
      [skill("lock000000000001", "Locks", { xp: 20 })],
      world.users.player.id,
    );
    world.as(world.users.player);
    expect(await api().placeBonus(a, { amounts: { lock000000000001: 17 } })).toBeNull();
    expect(warnings().at(-1)).toContain("16 XP at most");
    expect(a.items.get("lock000000000001").system.xp).toBe(20);
    await api().placeBonus(a, { amounts: { lock000000000001: 16 } });
    expect(a.items.get("lock000000000001").system.xp).toBe(36);
    expect(a.system.bonusXP.value).toBe(4);
  });
});

describe("the sheet's buttons", () => {
  it("marks a skill practised, places Bonus XP and trains a skill from the Skills tab", async () => {
    const a = ana({ bonusXP: { value: 2 } });
    world.as(world.users.player);
    const { press } = sheetFor(world as never, a);
    await press("togglePractice", { "data-item-id": "acro000000000001" });
    expect(a.items.get("acro000000000001").flags.polyverse["virtually-real"].progress.practising).toBe(true);
    world.answerDialog(
      submit((form) => {
        form.querySelector<HTMLInputElement>('input[name="skill|acro000000000001"]')!.value = "1";
      }),
    );
    await press("placeBonus");
    expect(a.items.get("acro000000000001").system.xp).toBe(37);
    expect(a.system.bonusXP.value).toBe(1);
    // Training: the dialog asks how (self-taught only: nobody has Acrobatics [3]); [2] is the attribute's
    // capacity already, so self-teaching is refused.
    world.answerDialog(submit());
    await press("trainSkill", { "data-item-id": "acro000000000001" });
    expect(warnings().at(-1)).toBe(
      text("POLYVERSE.VirtuallyReal.Character.Refusal.aboveAttributeCapacity", {
        target: "3",
        attribute: "2",
      }),
    );
  });
});
