// A hostile player against the GM's client on Xero Sum table cards, driven against the built bundle as
// a player's client would: checks and cards posted at will, requests written straight into the
// player's own User document. A rescuer's card that asks the GM to stabilise a patient the player does
// not own is held to the check message it follows (the rescuer, the author, Reason / Medicine / General
// Knowledge, the dice, the band the documents' modifier gives: Success at 9+), to the patient (still
// mortally wounded), to its own d6 (incapacitated max(1, 1d6 − PHY)), and to the changes that outcome
// makes, applied once under the change policy.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadXeroSumWorld, type XeroSumWorld } from "./xero-sum-health-world";

const g = globalThis as any;
let world: XeroSumWorld;
let player: any;
let gm: any;
let medic: any; // The player's: Reason 2 + Medicine 1 = +3.
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

/** A check message as the player's client posts it (the rolls stand-in's shape: its flag and its roll). */
async function postCheck(faces: number[], check: Record<string, unknown> = {}, speaker = medic) {
  world.as(player);
  const message = await g.ChatMessage.create({
    speaker: { actor: speaker.id },
    rolls: [rollOf(faces)],
    flags: {
      polyverse: {
        "xero-sum": {
          check: { attribute: "rsn", skill: "medicine", conditional: [], plusThree: false, ...check },
        },
      },
    },
  });
  await world.socketToGM();
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

  it("hostile: a check that failed (1 + 2 + 3 = 6) claimed as a Success is refused", async () => {
    const check = await postCheck([1, 2]);
    const card = stabiliseCard(check.id, {
      check: {
        messageId: check.id,
        attribute: "rsn",
        skill: "medicine",
        dice: [1, 2],
        total: 10,
        band: "success",
      },
    });
    await request({ messageId: (await postCard(card, [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([refused("CheckBand")]);
  });

  it("hostile: another character's check, a CMod beyond +5, dice the check does not show: all refused", async () => {
    const theirs = await postCheck([3, 4], {}, stranger);
    await request({ messageId: (await postCard(stabiliseCard(theirs.id), [stabilised()])).id });
    const cmods = await postCheck([1, 2], { conditional: [20] });
    const forged = stabiliseCard(cmods.id, {
      check: {
        messageId: cmods.id,
        attribute: "rsn",
        skill: "medicine",
        dice: [1, 2],
        total: 26,
        band: "success",
      },
    });
    await request({ messageId: (await postCard(forged, [stabilised()])).id });
    const low = await postCheck([1, 2]);
    await request({ messageId: (await postCard(stabiliseCard(low.id), [stabilised()])).id });
    const wrong = await postCheck([3, 4], { skill: "athletics", attribute: "phy" });
    await request({ messageId: (await postCard(stabiliseCard(wrong.id), [stabilised()])).id });
    expect(patient.system.state.stabilised).toBe(false);
    expect(warnings()).toEqual([
      refused("CheckNotYours"),
      refused("CheckCmods"),
      refused("CheckDice"),
      refused("CheckWrongTrait"),
    ]);
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
  it("Inspiration 1 + INF 0, 5 + 4 = 10: the GM's Unfocused Rage ends; a failed check claimed as a Success does not", async () => {
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
    const calmed = change({ "system.state.breakingPoint": "" }, raging);
    const bad = await postCheck([2, 3], { attribute: "inf", skill: "inspiration" });
    await request({ messageId: (await postCard(calmCard(bad.id, [2, 3], 9, "success"), [calmed], [])).id });
    expect(raging.system.state.breakingPoint).toBe("unfocusedRage");
    const good = await postCheck([5, 4], { attribute: "inf", skill: "inspiration" });
    await request({
      messageId: (
        await postCard(calmCard(good.id, [5, 4], 10, "success"), [{ ...calmed, id: nextId("chg") }], [])
      ).id,
    });
    expect(raging.system.state.breakingPoint).toBe("");
    expect(warnings()).toEqual([refused("CheckBand")]);
  });
});
