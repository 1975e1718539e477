// A split Combination in the built bundle (the stand-in): "The PC rolls a normal skill or attribute
// check with the usual critical failure rates, and the GM rolls for the NPC at -1 die, then adds the
// rolls together" (1.4.8 Combining Skills). The GM rolls both parts and a card adds them; a player,
// who does not own the NPC, is refused and nothing is rolled.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  loadVirtuallyRealRollsWorld,
  skillItem,
  type VirtuallyRealRollsWorld,
} from "./virtually-real-rolls-world";

const g = globalThis as any;
let world: VirtuallyRealRollsWorld;
let actions: any;
let player: any;
let gm: any;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);

let n = 0;
function pair() {
  n += 1;
  const ana = world.character(
    "Ana",
    { attributes: { aura: { capacity: 2, score: 10 } } },
    [
      skillItem(
        "Etiquette",
        { capacity: 2, xp: 22, attribute: "aura" },
        `etiquette${String(n).padStart(7, "0")}`,
      ),
    ],
    player.id,
  );
  const baron = world.character("Baron", { attributes: { aura: { capacity: 3, score: 10 } } }, [], gm.id);
  return { ana, baron };
}

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("a split Combination", () => {
  it("adds the PC's check and the NPC's at one die less, read against the DL", async () => {
    const { ana, baron } = pair();
    const before = [...g.game.messages].length;
    // Ana: Etiquette [2] 22 XP (level 3), two dice 4 and 5: 12. The Baron: Aura [3] +2, rolled as
    // [2]: two dice 3 and 3, +2: 8. Together 20 against DL 14: beaten by 6, a serious success.
    world.queueD6([4, 5], [3, 3]);
    const out = await actions.rollSplitCombination(ana, baron, {
      skill: "Etiquette",
      npcAttribute: "aura",
      dl: 14,
      skipDialog: true,
    });
    expect(out).toMatchObject({ total: 20, critical: false, margin: 6, success: true, degree: "serious" });
    // Two check cards (each part) and the split card.
    expect([...g.game.messages].length - before).toBe(3);
    const npcCard = [...g.game.messages].at(-2);
    expect(npcCard.rolls[0].options.input.capacity).toBe(2);
    expect(out.message.system.card).toMatchObject({
      kind: "splitCombination",
      rows: [
        { name: "Ana", lines: [{ data: { total: "12" } }] },
        { name: "Baron", lines: [{ data: { total: "8" } }] },
      ],
    });
  });

  it("the PC's critical failure is the whole roll's", async () => {
    const { ana, baron } = pair();
    world.queueD6([1, 1], [6, 5]);
    const out = await actions.rollSplitCombination(ana, baron, {
      skill: "Etiquette",
      npcAttribute: "aura",
      dl: 14,
      skipDialog: true,
    });
    expect(out).toMatchObject({ total: 0, critical: true, margin: -14, success: false });
  });

  it("a player, who does not own the NPC, is refused and nothing is rolled", async () => {
    const { ana, baron } = pair();
    const before = [...g.game.messages].length;
    world.as(player);
    expect(
      await actions.rollSplitCombination(ana, baron, { skill: "Etiquette", skipDialog: true }),
    ).toBeNull();
    expect(warnings()).toEqual(["Only Baron's owner (the GM) rolls the NPC's part."]);
    expect([...g.game.messages].length).toBe(before);
  });

  it("an NPC skill it lacks is refused before anything is rolled", async () => {
    const { ana, baron } = pair();
    const before = [...g.game.messages].length;
    expect(
      await actions.rollSplitCombination(ana, baron, {
        skill: "Etiquette",
        npcSkill: "Juggling",
        skipDialog: true,
      }),
    ).toBeNull();
    expect(warnings()).toEqual(['Baron has no skill "Juggling".']);
    expect([...g.game.messages].length).toBe(before);
  });
});
