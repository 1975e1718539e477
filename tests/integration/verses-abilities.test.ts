// Abilities computed by the rules layer and applied in play (issue #11), against the built bundle:
// Adrenaline Rush unbinds EX after a test with SM 4 or more (a pool card and a special test's card),
// Uncanny Luck's re-roll button on the roller's card (kept in the roll's options, so the card is the
// same after a reload), and Pain Tolerance's skipped maintenance roll after a hit that took no HP.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { ability } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;

const bound = (exBound: number) => ({
  hp: { value: 10 },
  ad: { spent: 0, exBound, reserved: { await: 0, dodge: 0, parry: 0 } },
});
const last = () => world.messages.at(-1);

/** A pool card as Foundry shows it (its roll rendered) with its buttons bound. */
async function renderPool(message: any): Promise<HTMLElement> {
  const html = document.createElement("div");
  html.innerHTML = await message.rolls[0].render();
  g.Hooks.callAll("renderChatMessageHTML", message, html);
  return html;
}
const luckButton = (html: HTMLElement) =>
  html.querySelector<HTMLButtonElement>('button[data-pv-action="verses.uncannyLuck"]');
/** The message as it is read back after a reload: its rolls from their JSON. */
const reloaded = (message: any) =>
  message.rolls.map((r: any) => {
    const roll = g.foundry.dice.Roll.fromData(JSON.parse(JSON.stringify(r.toJSON())));
    roll._faces = r._faces;
    return roll;
  });

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
});

describe("Adrenaline Rush: 'Immediately after any successful test with a SM of 4 or higher, unbind ... allocated dice plus 1'", () => {
  it("TV-C27: Adrenaline Rush 1, a PRW test at SM 4 unbinds 2 of 3 EX-bound dice; the card says so", async () => {
    const teyo = world.actor({
      name: "Teyo",
      type: "verses-character",
      system: bound(3),
      items: [ability("adrenalineRush", 1)],
    });
    // PRW 2 + 4 dice added, against 2S: 6, 6, 5, 5, 5 are five successes, SM 4.
    world.queueFaces([6, 6, 5, 5, 5, 1]);
    await api.rollAttribute(teyo, "prw", { skipDialog: true, ad: 0, bonus: 4, target: 2 });
    expect(teyo.system.ad.exBound).toBe(1);
    expect(last().rolls[0].options.adrenalineRush).toBe(2);
    expect((await renderPool(last())).textContent).toContain("Adrenaline Rush: 2 EX unbound.");
  });

  it("SM 3 unbinds nothing, and the card says nothing of it", async () => {
    const teyo = world.actor({
      name: "Teyo 2",
      type: "verses-character",
      system: bound(3),
      items: [ability("adrenalineRush", 1)],
    });
    world.queueFaces([6, 6, 5, 5, 1, 1]);
    await api.rollAttribute(teyo, "prw", { skipDialog: true, ad: 0, bonus: 4, target: 2 });
    expect(teyo.system.ad.exBound).toBe(3);
    expect((await renderPool(last())).textContent).not.toContain("Adrenaline Rush");
  });

  it("after a special test: starting a continuous test at SM 5 unbinds both bound EX, on its card", async () => {
    const jules = world.actor({
      name: "Jules",
      type: "verses-character",
      system: bound(2),
      items: [ability("adrenalineRush", 1)],
    });
    // TUF 2 + 3 AD against 1S: five successes, SM 5.
    world.queueFaces([6, 6, 5, 5, 5]);
    const posted = await api.startContinuous(jules, {
      notation: "1S 1C",
      request: { attribute: "tuf" },
      label: "Hold the door",
      ad: 3,
    });
    expect(posted).not.toBeNull();
    expect(jules.system.ad.exBound).toBe(0);
    expect(world.render(last()).innerHTML).toContain("Adrenaline Rush: 2 EX unbound.");
  });
});

describe("Uncanny Luck: the roller may re-roll as many 1s as allocated dice, once, from the card", () => {
  let priya: any;
  beforeAll(() => {
    priya = world.actor(
      {
        name: "Priya",
        type: "verses-character",
        system: bound(1),
        items: [ability("uncannyLuck", 1), ability("adrenalineRush", 1)],
      },
      world.users.player.id,
    );
  });

  it("the player's card offers the re-roll; it re-rolls one 1, counts the new face and is gone after", async () => {
    world.as(world.users.player);
    // PRW 2 + 3 dice against 2S: 6, 6, 5, 5 are four successes, SM 3: no Adrenaline Rush yet.
    world.queueFaces([6, 6, 5, 5, 1, 1]);
    await api.rollAttribute(priya, "prw", { skipDialog: true, ad: 0, bonus: 4, target: 2 });
    const message = last();
    expect(message.rolls[0].options.luck).toEqual({ allocated: 1 });
    const html = await renderPool(message);
    const button = luckButton(html)!;
    expect(button.hidden).toBe(false);
    expect(button.textContent).toContain("Uncanny Luck: re-roll 1 of the 1s");

    // The first 1 shows a 5: five successes, SM 4, so Adrenaline Rush now unbinds the bound EX.
    world.queueFaces([5]);
    button.click();
    await new Promise((r) => setTimeout(r, 0));
    await world.socketToGM();
    const [roll] = reloaded(message);
    expect(roll.options.luck).toEqual({ allocated: 1, rerolled: { indices: [4], faces: [5] } });
    expect(roll.faces).toEqual([6, 6, 5, 5, 5, 1]);
    expect(roll.options.adrenalineRush).toBe(1);
    expect(priya.system.ad.exBound).toBe(0);
    const after = document.createElement("div");
    after.innerHTML = await roll.render();
    expect(after.textContent).toContain("Uncanny Luck re-rolled 1 → 5.");
    expect(after.querySelector(".pv-outcome")?.textContent).toContain("Success");
    expect(luckButton(after)).toBeNull();
    // Once: the macro refuses a second re-roll.
    expect(await api.uncannyLuck(message)).toBeNull();
    world.as(world.users.gm);
  });

  it("a test with no 1s, or a roller without the ability, offers no button", async () => {
    world.queueFaces([6, 6, 5, 4, 3, 2]);
    await api.rollAttribute(priya, "prw", { skipDialog: true, ad: 0, bonus: 4, target: 2 });
    expect(luckButton(await renderPool(last()))).toBeNull();
    const plain = world.actor({ name: "Benny", type: "verses-character", system: bound(0) });
    world.queueFaces([1, 1]);
    await api.rollAttribute(plain, "prw", { skipDialog: true, ad: 0, target: 1 });
    expect(last().rolls[0].options.luck).toBeUndefined();
    expect(luckButton(await renderPool(last()))).toBeNull();
  });
});

describe("Pain Tolerance: a hit that takes no HP needs no maintenance roll", () => {
  it("no HP lost: no dice, the test kept as it was; HP lost: the maintenance roll is made", async () => {
    const jules = world.actor({
      name: "Tough Jules",
      type: "verses-character",
      system: bound(0),
      items: [ability("painTolerance", 1)],
    });
    world.queueFaces([6, 4, 4]);
    const started = await api.startContinuous(jules, {
      notation: "1S 1C",
      request: { attribute: "tuf" },
      label: "Hold the door",
      ad: 1,
    });
    const id = started.id;
    const before = structuredClone(jules.flags.polyverse.verses.continuous[id]);

    const skipped = await api.maintainContinuous(jules, id, { reason: "hit", hpDamage: 0 });
    expect(skipped.message.rolls ?? []).toEqual([]);
    expect(skipped.message.system.card).toMatchObject({ kind: "maintain", continuousId: id });
    expect(world.render(skipped.message).innerHTML).toContain("no maintenance roll is needed");
    expect(jules.flags.polyverse.verses.continuous[id]).toEqual(before);

    // 3 HP taken: the roll (TUF 2, no AD after a hit) against 1C.
    world.queueFaces([4, 3]);
    const rolled = await api.maintainContinuous(jules, id, { reason: "hit", hpDamage: 3 });
    expect(rolled.message.rolls).toHaveLength(1);
    expect(jules.flags.polyverse.verses.continuous?.[id]).toBeUndefined();
  });
});

describe("Social Responses from the macro API", () => {
  it("Legal Violations: Anders' CN + the society's TOL + JST against the GM's ratings; the card says which way", async () => {
    const vell = world.actor({ name: "Vell", type: "verses-society", system: { tol: 2, jst: 3, mob: 1 } });
    const anders = world.actor({ name: "Anders SR", type: "verses-character", system: bound(0) });
    const cn = anders.system.derived.cn;
    // CN + TOL 2 + JST 3: three successes; against, 3 + 1 = 4 dice: one. Net 2 in the character's favour.
    world.queueFaces([6, 5, 5, ...Array.from({ length: cn + 2 }, () => 1)], [5, 1, 1, 1]);
    const posted = await api.rollSocialResponse(anders, "legalViolations", {
      society: vell,
      factors: { legalViolation: 3, normsDeviation: 1 },
    });
    expect(posted.message.rolls).toHaveLength(2);
    expect(posted.message.rolls[0].faces).toHaveLength(cn + 5);
    expect(posted.message.system.card).toMatchObject({ kind: "social", outcome: "success" });
    expect(world.render(posted.message).innerHTML).toContain("more positive for the character (by 2)");
    expect(world.missingKeys).toEqual(new Set());
  });

  it("from the sheet's Tests panel (dialog skipped): First Impressions with the world's society and the dialog's starting ratings", async () => {
    // The dialog starts with the world's first society by name.
    world.actor({ name: "Aldmoor", type: "verses-society", system: { tol: 2, jst: 3, mob: 1 } });
    const anders = world.actor({ name: "Anders FI", type: "verses-character", system: bound(0) });
    const soc = anders.system.effective.soc;
    // SOC + Apparent Wealth (Anders' Wealth 0) + Aldmoor's TOL 2 + MOB 1, against a representative's
    // Wealth 2 + Social Rank 2 + no deviation: 4 dice.
    world.queueFaces(
      Array.from({ length: soc + 3 }, () => 1),
      [6, 5, 1, 1],
    );
    const posted = await api.askSocialResponse(anders, { skipDialog: true });
    const sides = posted.message.system.card.sides;
    expect(sides.map((s: any) => s.faces.length)).toEqual([soc + 3, 4]);
    expect(sides[0].name).toBe("Anders FI");
    expect(sides[1].name).toBe("Aldmoor");
    expect(posted.message.system.card).toMatchObject({ kind: "social", outcome: "failure" });
    expect(world.missingKeys).toEqual(new Set());
  });
});
