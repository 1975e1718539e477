// Combining skills in a Virtually Real check, in the built bundle (the stand-in), honest and hostile:
// a player's Botany check with another player's character helping ("Every helper's adds 1/2 their XP,
// rounded down", +1 crit) leaves the helper's use mark for the GM, who applies it; Added Experience
// and a Combination from a macro; and forged cards the GM refuses: helper XP the helper's sheet does
// not have, a helper actor without the skill, a capacity the second skill does not have, more
// helpers than the world's maxHelpers, and an "I'll try too!" failure claiming a helper's use mark.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
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
let other: any;

const OP = "virtuallyReal.checkCardOp";
const UNJUSTIFIED = "The card does not match the character's sheet or its own dice.";
const USED = "system.usedThisScene";
const TEAM = "POLYVERSE.VirtuallyReal.Team";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);

let ridCount = 0;
const rid = () => `vteam${String(++ridCount).padStart(11, "0")}`;

async function request(user: any, payload: Record<string, unknown>, id = rid(), type = OP) {
  const before = warnings().length;
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await deliver();
  return warnings().slice(before);
}

// Botany [2] 20 XP (level 3), Survival [2] 40 XP, Climb [3] 12 XP.
const botany = (xp = 20, id = "botany0000000001") =>
  skillItem("Botany", { capacity: 2, xp, attribute: "mind" }, id);
const ada = () =>
  world.character(
    "Ada",
    { attributes: { mind: { capacity: 2, score: 10 } } },
    [
      botany(),
      skillItem("Survival", { capacity: 2, xp: 40, attribute: "mind" }, "survival00000001"),
      skillItem("Climb", { capacity: 3, xp: 12, attribute: "agility" }, "climb00000000001"),
    ],
    player.id,
  );
/** Another player's character with Botany at `xp` (30: adds 15). */
const helper = (name: string, xp = 30, items = [botany(xp, "botany0000000002")]) =>
  world.character(name, {}, items, other.id);

/** The player rolls Botany (DL 10) with these dice and options; the GM records the card. */
async function playerCheck(actor: any, faces: number[], more: Record<string, unknown>) {
  world.queueD6(faces);
  world.as(player);
  const done = await actions.rollCheck(actor, { skill: "Botany", dl: 10, skipDialog: true, ...more });
  await world.socketToGM();
  world.as(player);
  return done;
}

function forgedRoll(options: Record<string, unknown>, faces: number[]) {
  const Roll = g.CONFIG.Dice.rolls.find((c: any) => c.name === "VirtuallyRealRoll");
  const term = {
    faces: 6,
    number: faces.length,
    _evaluated: true,
    results: faces.map((result) => ({ result, active: true })),
  };
  return Roll.fromTerms([term], options);
}

/** Post a card by hand as the player, then let the GM's client record it. */
async function forgedCard(
  actor: any,
  options: any,
  faces: number[],
  card: Record<string, unknown>,
  pending: any[] = [],
) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "virtually-real-check",
    system: {
      card: {
        actorUuid: actor.uuid,
        actorName: actor.name,
        kind: options.subject.kind,
        skillId: options.subject.skillId,
        attribute: options.subject.attribute,
        save: options.subject.save,
        ...card,
      },
    },
    rolls: [forgedRoll(options, faces)],
    speaker: { actor: actor.id },
    flags: pending.length ? { polyverse: { pending } } : {},
  });
  await world.socketToGM();
  world.as(player);
  return message;
}

const plain = (message: any) => JSON.parse(JSON.stringify(message.rolls[0].options));
const usedMark = (actor: any, id = "pend1") => ({
  id,
  uuid: `${actor.uuid}.Item.botany0000000002`,
  name: `${actor.name}: Botany`,
  set: { [USED]: true },
});
/** Clear a helper's use mark (the honest roll a forger copies gave it). */
async function unmark(actor: any) {
  world.as(gm);
  await actor.items.get("botany0000000002").update({ [USED]: false });
  world.as(player);
}
const applyPending = (message: any) => request(player, { messageId: message.id }, rid(), "core.applyPending");

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000004", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(async () => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  await g.game.settings.set("polyverse", "virtually-real.maxHelpers", 0);
});

describe("honest checks from a macro", () => {
  it("a helper adds half their 30 XP (20 + 15 = 35: level 4) and +1 crit; the GM marks the helper's Botany used", async () => {
    const roller = ada();
    const bea = helper("Bea");
    // [2] +4 against DL 10: 4 + 3 + 4 = 11 succeeds.
    const done = await playerCheck(roller, [4, 3], { helpers: [bea] });
    expect(done).not.toBeNull();
    const options = done.message.rolls[0].options;
    expect(options.input).toMatchObject({ level: 4, critMod: 1 });
    expect(options.lines).toContainEqual(
      expect.objectContaining({ key: `${TEAM}.Line.Helper`, data: { name: "Bea", xp: "15" }, critMod: 1 }),
    );
    expect(done.result.total).toBe(11);
    expect(roller.items.get("botany0000000001").system.usedThisScene).toBe(true);
    // The helper's mark is another player's document: left for the GM, who applies it.
    await applyPending(done.message);
    expect(bea.items.get("botany0000000002").system.usedThisScene).toBe(true);
  });

  it("a brilliant waits for its explosion; once the GM rolls it, the helper's Botany is marked used too", async () => {
    const roller = ada();
    const bea = helper("Bea");
    const done = await playerCheck(roller, [6, 6], { helpers: [bea] });
    expect(done.result.diceNeeded).toBeGreaterThan(0);
    expect(bea.items.get("botany0000000002").system.usedThisScene).not.toBe(true);
    world.queueD6([2]);
    expect(await request(player, { messageId: done.message.id, op: "explode" })).toEqual([]);
    expect(done.message.system.card.marks).toEqual(["brilliant", "used"]);
    expect(bea.items.get("botany0000000002").system.usedThisScene).toBe(true);
    // The brilliant's XP is the leader's: Ada's Botany 20 → 21, Bea's stays 30.
    expect(roller.items.get("botany0000000001").system.xp).toBe(21);
    expect(bea.items.get("botany0000000002").system.xp).toBe(30);
  });

  it("Added Experience from a macro: Botany 20 + Survival 40 = 60 XP, +6; both skills marked used", async () => {
    const roller = ada();
    const done = await playerCheck(roller, [2, 2], { secondSkill: "Survival" });
    expect(done.message.rolls[0].options.input.level).toBe(6);
    expect(done.result.total).toBe(10);
    expect(roller.items.get("survival00000001").system.usedThisScene).toBe(true);
    expect(roller.items.get("botany0000000001").system.usedThisScene).toBe(true);
  });

  it("a different capacity (Climb [3]) is refused with a message, nothing rolled", async () => {
    const roller = ada();
    world.as(player);
    const before = g.game.messages.contents?.length ?? g.game.messages.size;
    const done = await actions.rollCheck(roller, { skill: "Botany", secondSkill: "Climb", skipDialog: true });
    expect(done).toBeNull();
    expect(warnings().at(-1)).toBe(
      "Added Experience needs the same capacity in each skill: Botany is [2], Climb is [3].",
    );
    expect(g.game.messages.contents?.length ?? g.game.messages.size).toBe(before);
  });

  it("a Combination from a macro: Botany [2] +3 with Mind [2] +2: capacity 3, +5, +2 crit, kind combination", async () => {
    const roller = ada();
    const done = await playerCheck(roller, [3, 3, 3], { combination: "mind", dl: 20 });
    const options = done.message.rolls[0].options;
    expect(options.input).toMatchObject({ kind: "combination", capacity: 3, level: 5 });
    expect(done.result.total).toBe(14);
    expect(done.message.system.card.kind).toBe("combination");
  });
});

describe("forged cards the GM refuses", () => {
  it("forged helper XP: the card counts a share of 25 XP from Bea, whose sheet has 30 (15); her mark is not applied", async () => {
    const roller = ada();
    const bea = helper("Bea");
    const real = plain((await playerCheck(roller, [4, 3], { helpers: [bea] })).message);
    const line = real.lines.find((l: any) => l.key === `${TEAM}.Line.Helper`);
    // A faithful copy stands: the GM applies Bea's mark from it (the forgeries below are refused).
    await unmark(bea);
    const copy = await forgedCard(roller, real, [4, 3], { marks: ["used"] }, [usedMark(bea, "c1")]);
    await applyPending(copy);
    expect(bea.items.get("botany0000000002").system.usedThisScene).toBe(true);
    await unmark(bea);
    line.data.xp = "25";
    // 20 + 25 = 45 XP: level 5 claimed where Bea's sheet gives 20 + 15 = 35, level 4.
    real.input.level = 5;
    const message = await forgedCard(roller, real, [4, 3], { marks: ["used"] }, [usedMark(bea)]);
    await applyPending(message);
    expect(bea.items.get("botany0000000002").system.usedThisScene).not.toBe(true);
  });

  it("a helper actor that lacks the skill: the card's brilliant is not exploded, no mark applied", async () => {
    const roller = ada();
    const bea = helper("Bea");
    const real = plain((await playerCheck(roller, [4, 3], { helpers: [bea] })).message);
    const dan = helper("Dan", 0, [skillItem("Climb", { capacity: 2, xp: 30 }, "climb00000000002")]);
    real.choice.team.helpers = [dan.uuid];
    real.lines.find((l: any) => l.key === `${TEAM}.Line.Helper`).data.name = "Dan";
    const message = await forgedCard(roller, real, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([UNJUSTIFIED]);
  });

  it("a forged capacity: Added Experience claiming Climb [3] for a [2] roll", async () => {
    const roller = ada();
    const real = plain((await playerCheck(roller, [2, 2], { secondSkill: "Survival" })).message);
    real.choice.team.secondSkillId = "climb00000000001";
    const message = await forgedCard(roller, real, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([UNJUSTIFIED]);
  });

  it("more helpers than the world's maxHelpers (1): refused, neither helper's mark applied", async () => {
    const roller = ada();
    const bea = helper("Bea");
    const cal = helper("Cal", 31);
    const real = plain((await playerCheck(roller, [4, 3], { helpers: [bea, cal] })).message);
    expect(real.input.critMod).toBe(2);
    await unmark(bea);
    await unmark(cal);
    await g.game.settings.set("polyverse", "virtually-real.maxHelpers", 1);
    const message = await forgedCard(roller, real, [4, 3], { marks: ["used"] }, [
      usedMark(bea, "p1"),
      usedMark(cal, "p2"),
    ]);
    await applyPending(message);
    expect(bea.items.get("botany0000000002").system.usedThisScene).not.toBe(true);
    expect(cal.items.get("botany0000000002").system.usedThisScene).not.toBe(true);
  });

  it("I'll try too, failed: no use mark; a card claiming the helper's mark anyway is refused", async () => {
    const roller = ada();
    const bea = helper("Bea");
    // [2] +4 against DL 10: 1 + 2 + 4 = 7 fails.
    const done = await playerCheck(roller, [1, 2], { helpers: [bea], triedToo: true });
    expect(done.result.success).toBe(false);
    expect(done.message.system.card.marks).toBeUndefined();
    expect(roller.items.get("botany0000000001").system.usedThisScene).not.toBe(true);
    const message = await forgedCard(roller, plain(done.message), [1, 2], { marks: ["used"] }, [
      usedMark(bea),
    ]);
    await applyPending(message);
    expect(bea.items.get("botany0000000002").system.usedThisScene).not.toBe(true);
    // Succeeding where the other failed branches the story: the use mark as usual.
    const won = await playerCheck(roller, [5, 4], { triedToo: true });
    expect(won.result.success).toBe(true);
    expect(roller.items.get("botany0000000001").system.usedThisScene).toBe(true);
  });
});
