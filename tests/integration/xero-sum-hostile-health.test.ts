// A hostile player against the GM's client on Xero Sum table cards, driven against the built bundle as
// a player's client would: check cards and table cards posted at will, requests written straight into
// the player's own User document. A rescuer's card that asks the GM to stabilise a patient the player
// does not own is held to the check card it follows: a genuine `xero-sum-check` card (not a plain
// message, not an opposed check) of the rescuer's, posted by the table card's author, with Reason,
// Medicine or General Knowledge, offering no Insight replacement, showing the dice and the outcome the
// table card copied (Success at 9+), trusted by its own ledger entry (recorded, its parts the
// character's, unchanged since) and serving no other table card; then to the patient (still mortally
// wounded), to its own d6 (incapacitated max(1, 1d6 − PHY)), and to the changes that outcome makes,
// applied once under the change policy.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadXeroSumWorld, type XeroSumWorld } from "./xero-sum-health-world";

const g = globalThis as any;
let world: XeroSumWorld;
let player: any;
let gm: any;
let medic: any; // The player's: Reason 2 + Medicine 1 = +3.
let aide: any; // The player's too: Reason 2 + Medicine 1.
let stranger: any; // The GM's: the player owns nothing of it.
let patient: any; // The GM's, PHY 0, mortally wounded.
let raging: any; // The GM's, in an Unfocused Rage.

const K = "POLYVERSE.XeroSum.Health";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const refused = (key: string) => text(`${K}.Refused.${key}`);
let count = 0;
const nextId = (p: string) => `${p}${String(++count).padStart(16 - p.length, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(
  payload: Record<string, unknown>,
  id = nextId("xhrid"),
  type = "xero-sum.table.apply",
) {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  return id;
}

function rollOf(faces: number[]) {
  const roll = new g.foundry.dice.Roll(`${faces.length}d6`);
  roll._faces = faces;
  roll._evaluated = true;
  return roll;
}

/** A check roll of the bundle's own Roll class with these options and faces (rolls/roll-logic.ts). */
function checkRoll(options: Record<string, unknown>, faces: number[]) {
  const XeroSumRoll = g.CONFIG.Dice.rolls.find((c: any) => c.name === "XeroSumRoll");
  const term = {
    faces: 6,
    number: faces.length,
    _evaluated: true,
    results: faces.map((result) => ({ result, active: true })),
  };
  return XeroSumRoll.fromTerms([term], options);
}

/** The options `rollCheck` writes for the Medic's Medicine check (Reason 2 + Medicine 1 = +3), no Insight after. */
const medicine = (more: Record<string, unknown> = {}) => ({
  type: "check",
  kind: "skill",
  attribute: "rsn",
  skill: "medicine",
  parts: [
    { kind: "attribute", key: "rsn", value: 2 },
    { kind: "skill", key: "medicine", value: 1 },
  ],
  modifier: 3,
  clamped: false,
  insight: null,
  dice: 2,
  momentOn3d6: "firstTwo",
  replaceCost: "perDie",
  opposedInsight: true,
  replace: false,
  opposed: null,
  group: null,
  ...more,
});

/** The Medic's Inspiration check (INF 0 + Inspiration 1 = +1). */
const inspiration = medicine({
  attribute: "inf",
  skill: "inspiration",
  parts: [
    { kind: "attribute", key: "inf", value: 0 },
    { kind: "skill", key: "inspiration", value: 1 },
  ],
  modifier: 1,
});

/**
 * A `xero-sum-check` card as a client posts it (by default the player's, for the Medic, recorded by
 * the GM's client unless `unseen`).
 */
async function postCheck(
  faces: number[],
  options: Record<string, unknown> = medicine(),
  { actor = medic, author = player, unseen = false }: { actor?: any; author?: any; unseen?: boolean } = {},
) {
  world.as(author);
  const message = await g.ChatMessage.create({
    type: "xero-sum-check",
    system: { card: { actorUuid: actor.uuid, actorName: actor.name } },
    rolls: [checkRoll(options, faces)],
    speaker: { actor: actor.id },
  });
  if (unseen) world.recorder.broadcasts.length = 0;
  else await world.socketToGM();
  return message;
}

/** Post a table card as the player (the GM's client records it unless `unseen`). */
async function postCard(
  card: Record<string, unknown>,
  pending: any[],
  faces: number[] = [2],
  unseen = false,
) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "xero-sum-table",
    system: { card },
    speaker: { actor: medic.id },
    rolls: faces.length ? [rollOf(faces)] : [],
    flags: { polyverse: { pending } },
  });
  if (unseen) world.recorder.broadcasts.length = 0;
  else await world.socketToGM();
  return message;
}

const ref = (a: any) => ({ uuid: a.uuid, name: a.name });
const change = (set: Record<string, unknown>, who = patient) => ({
  uuid: who.uuid,
  name: who.name,
  id: nextId("chg"),
  set,
});
const stabilised = (rounds = 2) =>
  change({
    "system.state.stabilised": true,
    "system.state.deathRounds": 0,
    "system.state.incapacitatedRounds": rounds,
  });

/** The rescuer's card: Medicine 3 + 4 + 3 = 10, a Success; the d6 shows 2, PHY 0: 2 rounds. */
const stabiliseCard = (checkId: string, over: Record<string, unknown> = {}) => ({
  kind: "stabilise",
  actor: ref(patient),
  by: ref(medic),
  check: {
    messageId: checkId,
    attribute: "rsn",
    skill: "medicine",
    dice: [3, 4],
    total: 10,
    band: "success",
  },
  draw: null,
  extra: { formula: "1d6", faces: [2], value: 2 },
  notes: [],
  buttons: [],
  used: [],
  result: { stabilised: true, method: "medicine", rounds: 2 },
  ...over,
});

beforeAll(async () => {
  world = await loadXeroSumWorld();
  player = world.users.player;
  gm = world.users.gm;
  medic = world.character(
    "Medic",
    { attributes: { rsn: 2 }, skills: { medicine: 1, inspiration: 1 } },
    [],
    player.id,
  );
  aide = world.character("Aide", { attributes: { rsn: 2 }, skills: { medicine: 1 } }, [], player.id);
  stranger = world.npc("Stranger", { attributes: { rsn: 4 }, skills: { medicine: 4 } });
  patient = world.npc("Patient", { wp: { value: 0 } });
  raging = world.npc("Rager");
});

beforeEach(async () => {
  world.as(gm);
  await patient.update({
    "system.wp.value": 0,
    "system.state": {
      mortallyWounded: true,
      stabilised: false,
      deathRounds: 4,
      incapacitatedRounds: 0,
      dead: false,
    },
  });
  await raging.update({ "system.state.breakingPoint": "unfocusedRage" });
  world.recorder.notifications.length = 0;
});

describe("a rescuer's card is the GM's to check against the check, the patient and the dice", () => {
  it("the card as rolled stabilises the GM's patient, once; a replayed request is refused", async () => {
    const check = await postCheck([3, 4]);
    const message = await postCard(stabiliseCard(check.id), [stabilised()]);
    const id = await request({ messageId: message.id });
    expect(patient.system.state).toMatchObject({ stabilised: true, deathRounds: 0, incapacitatedRounds: 2 });
    await patient.update({ "system.state.stabilised": false, "system.state.deathRounds": 3 });
    await request({ messageId: message.id });
    await request({ messageId: message.id }, id);
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([text("POLYVERSE.Relay.Replayed")]);
  });

  it("hostile: a failed check claimed as a Success: another total, a Dire Failure at 10, a stabilisation a Failure does not give", async () => {
    const claim = (id: string, dice: number[], total: number, band: string, over = {}) =>
      stabiliseCard(id, {
        check: { messageId: id, attribute: "rsn", skill: "medicine", dice, total, band },
        ...over,
      });
    // 1 + 2 + 3 = 6, claimed as 10.
    const low = await postCheck([1, 2]);
    await request({ messageId: (await postCard(claim(low.id, [1, 2], 10, "success"), [stabilised()])).id });
    // 1 + 1 + 3 + a Situation CMod of +5 = 10, but a natural 1 + 1 is a Dire Failure whatever the total.
    const snake = await postCheck(
      [1, 1],
      medicine({
        parts: [
          { kind: "attribute", key: "rsn", value: 2 },
          { kind: "skill", key: "medicine", value: 1 },
          { kind: "situation", key: "5", value: 5 },
        ],
        modifier: 8,
      }),
    );
    await request({ messageId: (await postCard(claim(snake.id, [1, 1], 10, "success"), [stabilised()])).id });
    // The Failure shown as it is, yet the card stabilises the patient.
    await request({ messageId: (await postCard(claim(low.id, [1, 2], 6, "failure"), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([refused("CheckBand"), refused("CheckBand"), refused("CheckBand")]);
  });

  it("hostile: no check card, another character's check, another user's, a check of the wrong trait: all refused", async () => {
    // A plain message with a check flag: no check card.
    world.as(player);
    const plain = await g.ChatMessage.create({
      speaker: { actor: medic.id },
      rolls: [rollOf([3, 4])],
      flags: { polyverse: { "xero-sum": { check: { attribute: "rsn", skill: "medicine" } } } },
    });
    await world.socketToGM();
    await request({ messageId: (await postCard(stabiliseCard(plain.id), [stabilised()])).id });
    // An opposed check is no check a rescuer makes alone.
    const opposed = await postCheck(
      [3, 4],
      medicine({
        opposed: {
          uuid: stranger.uuid,
          name: "Stranger",
          kind: "skill",
          attribute: "rsn",
          skill: "medicine",
        },
      }),
    );
    await request({ messageId: (await postCard(stabiliseCard(opposed.id), [stabilised()])).id });
    // The Aide's genuine check (the player's too), claimed for the Medic.
    const aides = await postCheck([3, 4], medicine(), { actor: aide });
    await request({ messageId: (await postCard(stabiliseCard(aides.id), [stabilised()])).id });
    // The GM's own check for the Medic, leaned on by the player's card.
    const gms = await postCheck([3, 4], medicine(), { author: gm });
    await request({ messageId: (await postCard(stabiliseCard(gms.id), [stabilised()])).id });
    // The Stranger (the GM's) as the rescuer, their check posted by the player.
    const strangers = await postCheck([3, 4], medicine(), { actor: stranger });
    const card = stabiliseCard(strangers.id, { by: ref(stranger) });
    await request({ messageId: (await postCard(card, [stabilised()])).id });
    // Athletics (PHY 0 + 0): no stabilising check.
    const wrong = await postCheck(
      [3, 4],
      medicine({
        attribute: "phy",
        skill: "athletics",
        parts: [
          { kind: "attribute", key: "phy", value: 0 },
          { kind: "skill", key: "athletics", value: 0 },
        ],
        modifier: 0,
      }),
    );
    await request({ messageId: (await postCard(stabiliseCard(wrong.id), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([
      refused("NoCheck"),
      refused("NoCheck"),
      refused("CheckNotYours"),
      refused("CheckNotYours"),
      refused("NotYours"),
      refused("CheckWrongTrait"),
    ]);
  });

  it("hostile: a check still open to Insight replacement, dice the check does not show, another total: all refused", async () => {
    const open = await postCheck([3, 4], medicine({ replace: true }));
    await request({ messageId: (await postCard(stabiliseCard(open.id), [stabilised()])).id });
    const low = await postCheck([1, 2]);
    await request({ messageId: (await postCard(stabiliseCard(low.id), [stabilised()])).id });
    // 4 + 5 + 3 = 12: a Success too, but not the 10 the card shows.
    const other = await postCheck([4, 5]);
    const card = stabiliseCard(other.id, {
      check: {
        messageId: other.id,
        attribute: "rsn",
        skill: "medicine",
        dice: [4, 5],
        total: 10,
        band: "success",
      },
    });
    await request({ messageId: (await postCard(card, [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([refused("CheckReplaceable"), refused("CheckDice"), refused("CheckBand")]);
  });

  it("hostile: a check card its own ledger refuses (a skill the Medic lacks, edited since, never recorded): refused", async () => {
    // Medicine 4 (the Medic has 1): 1 + 2 + 2 + 4 = 9, a Success on the card, but not the Medic's check.
    const forged = await postCheck(
      [1, 2],
      medicine({
        parts: [
          { kind: "attribute", key: "rsn", value: 2 },
          { kind: "skill", key: "medicine", value: 4 },
        ],
        modifier: 6,
      }),
    );
    const claimed = stabiliseCard(forged.id, {
      check: {
        messageId: forged.id,
        attribute: "rsn",
        skill: "medicine",
        dice: [1, 2],
        total: 9,
        band: "success",
      },
    });
    await request({ messageId: (await postCard(claimed, [stabilised()])).id });
    const edited = await postCheck([3, 4]);
    world.as(player);
    await edited.update({ "system.card.actorName": "Someone else" });
    await request({ messageId: (await postCard(stabiliseCard(edited.id), [stabilised()])).id });
    const unseen = await postCheck([3, 4], medicine(), { unseen: true });
    await request({ messageId: (await postCard(stabiliseCard(unseen.id), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([
      refused("CheckUntrusted"),
      refused("CheckUntrusted"),
      refused("CheckNotRecorded"),
    ]);
  });

  it("hostile: one check serves one card: the same Success leaned on again for the next mortal wound is refused", async () => {
    const check = await postCheck([3, 4]);
    await request({ messageId: (await postCard(stabiliseCard(check.id), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(true);
    world.as(gm);
    await patient.update({ "system.state.stabilised": false, "system.state.deathRounds": 3 });
    await request({ messageId: (await postCard(stabiliseCard(check.id), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([refused("CheckUsed")]);
  });

  it("hostile: rounds the card's d6 does not give, or changes beyond the outcome, are refused", async () => {
    const check = await postCheck([3, 4]);
    const short = await postCard(stabiliseCard(check.id), [stabilised(1)]);
    await request({ messageId: short.id });
    const rounds = await postCard(
      stabiliseCard(check.id, { result: { stabilised: true, method: "medicine", rounds: 1 } }),
      [stabilised(1)],
    );
    await request({ messageId: rounds.id });
    const more = await postCard(stabiliseCard(check.id), [stabilised(), change({ "system.wp.value": 10 })]);
    await request({ messageId: more.id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(patient.system.wp.value).toBe(0);
    expect(warnings()).toEqual([
      refused("ChangesDisagree"),
      refused("CheckDice"),
      refused("ChangesDisagree"),
    ]);
  });

  it("hostile: a card edited after the GM recorded it, and a card for a patient no longer dying, are refused", async () => {
    const check = await postCheck([3, 4]);
    const edited = await postCard(stabiliseCard(check.id), [stabilised()]);
    world.as(player);
    await edited.update({
      "system.card.notes": [{ key: `${K}.Stabilise.Done`, data: { name: "x", rounds: 9 } }],
    });
    await request({ messageId: edited.id });
    const late = await postCard(stabiliseCard(check.id), [stabilised()]);
    world.as(gm);
    await patient.update({ "system.state.stabilised": true });
    await request({ messageId: late.id });
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.CardChanged"),
      text(`${K}.Refused.NotDying`, { name: "Patient" }),
    ]);
  });

  it("hostile: a harm card asking the GM for anything is refused; a card nobody recorded is the GM's alone, under the policy", async () => {
    const harm = {
      kind: "harm",
      actor: ref(patient),
      by: null,
      check: null,
      draw: null,
      extra: null,
      notes: [],
      buttons: [],
      used: [],
      result: {},
    };
    await request({
      messageId: (await postCard(harm, [change({ "system.state.stabilised": true })], [])).id,
    });
    expect(warnings()).toEqual([refused("NothingToAsk")]);
    world.recorder.notifications.length = 0;
    const check = await postCheck([3, 4]);
    const unseen = await postCard(
      stabiliseCard(check.id),
      [stabilised(), change({ "system.wp.value": 10 })],
      [2],
      true,
    );
    await request({ messageId: unseen.id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([text("POLYVERSE.Relay.NotRecorded")]);
    world.recorder.notifications.length = 0;
    world.as(gm);
    expect(await world.press(unseen, "[data-pv-action='xero-sum.table.apply']")).toBe(true);
    expect(patient.system.state.stabilised).toBe(true);
    expect(patient.system.wp.value).toBe(0);
    expect(warnings()).toEqual([text("POLYVERSE.Relay.PathRefused", { path: "system.wp.value" })]);
  });
});

describe("a calmer's card", () => {
  it("Inspiration 1 + INF 0, 5 + 4 = 10: the GM's Unfocused Rage ends; a failed check claimed as a Success, or calming on a Failure, does not", async () => {
    const calmCard = (checkId: string, dice: number[], total: number, band: string) => ({
      kind: "calm",
      actor: ref(raging),
      by: ref(medic),
      check: { messageId: checkId, attribute: "inf", skill: "inspiration", dice, total, band },
      draw: null,
      extra: null,
      notes: [],
      buttons: [],
      used: [],
      result: { calmed: true },
    });
    const calmed = () => change({ "system.state.breakingPoint": "" }, raging);
    const bad = await postCheck([2, 3], inspiration);
    await request({ messageId: (await postCard(calmCard(bad.id, [2, 3], 9, "success"), [calmed()], [])).id });
    await request({ messageId: (await postCard(calmCard(bad.id, [2, 3], 6, "failure"), [calmed()], [])).id });
    expect(raging.system.state.breakingPoint).toBe("unfocusedRage");
    // A card recorded while the rage lasted, asked after it ended.
    const early = await postCheck([5, 4], inspiration);
    const late = await postCard(calmCard(early.id, [5, 4], 10, "success"), [calmed()], []);
    world.as(gm);
    await raging.update({ "system.state.breakingPoint": "" });
    await request({ messageId: late.id });
    world.as(gm);
    await raging.update({ "system.state.breakingPoint": "unfocusedRage" });
    const good = await postCheck([5, 4], inspiration);
    await request({
      messageId: (await postCard(calmCard(good.id, [5, 4], 10, "success"), [calmed()], [])).id,
    });
    expect(raging.system.state.breakingPoint).toBe("");
    expect(warnings()).toEqual([
      refused("CheckBand"),
      refused("CheckBand"),
      text(`${K}.Refused.NotRaging`, { name: "Rager" }),
    ]);
  });
});
