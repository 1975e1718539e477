// A hostile player against the GM's client on Tales care and upkeep cards, driven against the built
// bundle as a player's client would: cards posted and edited at will, requests written straight into the
// player's own User document. The GM holds a care card to the documents and its dice (the medic's
// Mental + Medicine, the patient's wound: stabilisation 5/7/9/11, care 5/9/13), applies only the changes
// its roll makes, once, under the change policy; an upkeep card counts only when a GM posted it.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadTalesCareWorld } from "./tales-care-world";
import type { TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;
let player: any;
let gm: any;
let medic: any; // The player's: Mental 3 + Medicine 2 = 5.
let stranger: any; // The GM's medic: the player owns nothing of it.
let brute: any; // The GM's patient.

const K = "POLYVERSE.Tales.Health";
const NOW = 1_000_000;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
let ridCount = 0;
const rid = () => `tcarehost${String(++ridCount).padStart(7, "0")}`;

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(payload: Record<string, unknown>, id = rid(), type = "tales.care.apply") {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  return id;
}

/** A roll whose die shows this face. */
function rollOf(face: number) {
  const roll = new g.foundry.dice.Roll("1d6");
  roll._faces = [face];
  roll._evaluated = true;
  return roll;
}

const ref = (a: any) => ({ actorUuid: a.uuid, name: a.name });
const unstableChange = (a: any) => ({
  uuid: a.uuid,
  name: a.name,
  id: `chg${String(++ridCount).padStart(13, "0")}`,
  set: { "system.health.unstable": false },
});

/** Post a care card as the player (the GM's client records it), with these pending changes. */
async function post(card: Record<string, unknown>, pending: any[], faces = [6], speaker = medic) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "tales-care",
    system: { card },
    speaker: { actor: speaker.id },
    rolls: faces.map(rollOf),
    flags: { polyverse: { pending } },
  });
  await world.socketToGM();
  return message;
}

/** A stabilisation card: the player's medic on the GM's Critical patient (difficulty 9). */
const stabiliseCard = (over: Record<string, unknown> = {}) => ({
  kind: "stabilise",
  medic: ref(medic),
  patient: ref(brute),
  bonus: 5,
  level: "critical",
  hospital: 0,
  spendEssence: false,
  faces: [6],
  tieRule: "succeeds",
  pools: null,
  worldTime: NOW,
  fight: "",
  restored: null,
  ...over,
});

beforeAll(async () => {
  world = await loadTalesCareWorld();
  player = world.users.player;
  gm = world.users.gm;
  medic = world.character("Medic", { attributes: { mental: 3 }, skills: { medicine: 2 } }, [], player.id);
  stranger = world.actor({
    name: "Stranger",
    type: "tales-npc",
    system: { attributes: { mental: 3 }, skills: { medicine: 2 } },
  });
  brute = world.actor({
    name: "Brute",
    type: "tales-npc",
    system: { attributes: { physical: 3, mental: 3, social: 2, spiritual: 2 } },
  });
});

beforeEach(async () => {
  world.as(gm);
  g.game.time = { worldTime: NOW };
  await brute.update({
    "system.health": { level: "critical", unstable: true },
    "system.hp.value": 2,
    "system.essence.value": 1,
    "flags.polyverse.tales.careTime": 0,
  });
  world.recorder.notifications.length = 0;
});

describe("a care card is the GM's to check against the documents and its dice", () => {
  it("the card as rolled: 5 + 6 = 11 against a Critical wound's 9 stabilises the GM's patient, once", async () => {
    const message = await post(stabiliseCard(), [unstableChange(brute)]);
    const id = await request({ messageId: message.id });
    expect(brute.system.health.unstable).toBe(false);
    await brute.update({ "system.health.unstable": true });
    await request({ messageId: message.id });
    await request({ messageId: message.id }, id);
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings()).toEqual([text("POLYVERSE.Relay.Replayed")]);
  });

  it("hostile: a failed roll (5 + 1 against 9) that asks to stabilise anyway is refused", async () => {
    const message = await post(stabiliseCard({ faces: [1] }), [unstableChange(brute)], [1]);
    await request({ messageId: message.id });
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings()).toEqual([text(`${K}.Relay.Unjustified`)]);
  });

  it("hostile: a forged bonus, a forged wound level, another's medic, dice the roll does not show: all refused", async () => {
    const bonus = await post(stabiliseCard({ bonus: 20, faces: [1] }), [unstableChange(brute)], [1]);
    await request({ messageId: bonus.id });
    const level = await post(stabiliseCard({ level: "light", faces: [4] }), [unstableChange(brute)], [4]);
    await request({ messageId: level.id });
    const theirs = await post(
      stabiliseCard({ medic: ref(stranger) }),
      [unstableChange(brute)],
      [6],
      stranger,
    );
    await request({ messageId: theirs.id });
    const dice = await post(stabiliseCard({ faces: [6] }), [unstableChange(brute)], [1]);
    await request({ messageId: dice.id });
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings()).toEqual([
      text(`${K}.Relay.Mismatch`),
      text(`${K}.Relay.Mismatch`),
      text(`${K}.Relay.NotYourRoller`),
      text("POLYVERSE.Relay.CardChanged"),
    ]);
  });

  it("hostile: a change the roll does not make rides along (a wound healed, a status), nothing is applied", async () => {
    const extra = {
      uuid: brute.uuid,
      name: "Brute",
      id: "extra00000000001",
      set: { "system.health.level": "healthy" },
    };
    const message = await post(stabiliseCard(), [unstableChange(brute), extra]);
    await request({ messageId: message.id });
    expect(brute.system.health).toMatchObject({ level: "critical", unstable: true });
    expect(warnings()).toEqual([text(`${K}.Relay.Unjustified`)]);
  });

  it("hostile: the card's die edited after posting is refused", async () => {
    const message = await post(stabiliseCard({ faces: [1] }), [], [1]);
    world.as(player);
    await message.update({ "system.card.faces": [6], "flags.polyverse.pending": [unstableChange(brute)] });
    await request({ messageId: message.id });
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings().length).toBe(1);
  });

  it("hostile: the patient's wound changed since the roll: refused, roll again", async () => {
    const message = await post(stabiliseCard(), [unstableChange(brute)]);
    world.as(gm);
    await brute.update({ "system.health.level": "ko" });
    await request({ messageId: message.id });
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings()).toEqual([text(`${K}.Relay.ChangedSince`, { name: "Brute" })]);
  });

  it("hostile: asking for another user's card, unknown keys, a bad id: refused", async () => {
    world.as(gm);
    const gmCard = await g.ChatMessage.create({
      type: "tales-care",
      system: { card: stabiliseCard() },
      speaker: { actor: medic.id },
      rolls: [rollOf(6)],
      flags: { polyverse: { pending: [unstableChange(brute)] } },
    });
    await request({ messageId: gmCard.id });
    await request({ messageId: gmCard.id, heal: true });
    await request({ messageId: "../../etc" });
    expect(brute.system.health.unstable).toBe(true);
    expect(warnings()).toEqual([
      text("POLYVERSE.Relay.NotYourCard"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.Malformed"),
    ]);
  });
});

describe("medical care through the GM", () => {
  // Brute: 6 Hit Points (2 left), 4 Essence (1 left), Critical: difficulty 13.
  const careCard = (over: Record<string, unknown> = {}) =>
    stabiliseCard({
      kind: "care",
      bonus: 5,
      faces: [6],
      pools: { hp: 2, maxHp: 6, essence: 1, maxEssence: 4 },
      ...over,
    });
  const careChange = (over: Record<string, unknown> = {}) => ({
    uuid: brute.uuid,
    name: "Brute",
    id: `care${String(++ridCount).padStart(12, "0")}`,
    set: { "flags.polyverse.tales.careTime": NOW, "flags.polyverse.tales.careSucceeded": false },
    ...over,
  });

  it("hostile: 5 + 6 = 11 against 13 fails; a forged +5 Hit Points, or a gain the roll does not make, is refused", async () => {
    const forged = await post(careCard(), [careChange({ add: [{ path: "system.hp.value", delta: 5 }] })]);
    await request({ messageId: forged.id });
    const gain = await post(careCard(), [
      careChange({ add: [{ path: "system.hp.value", delta: 1, max: 6 }] }),
    ]);
    await request({ messageId: gain.id });
    expect(brute.system.hp.value).toBe(2);
    expect(warnings()).toEqual([text(`${K}.Relay.Unjustified`), text(`${K}.Relay.Unjustified`)]);
  });

  it("hostile: a forged clamp ({ delta: 1, min: 100 }) never lifts Hit Points past the one point the roll makes", async () => {
    const forged = careChange({
      set: { "flags.polyverse.tales.careTime": NOW, "flags.polyverse.tales.careSucceeded": true },
      add: [
        { path: "system.hp.value", delta: 1, min: 100 },
        { path: "system.essence.value", delta: 1, max: 4 },
      ],
    });
    const message = await post(careCard({ hospital: 3 }), [forged]);
    await request({ messageId: message.id });
    expect(brute.system.hp.value).toBeLessThanOrEqual(3);
  });

  it("hostile: pools that are not the patient's are refused; two tests in one healing cycle: the second is", async () => {
    const pools = await post(careCard({ pools: { hp: 0, maxHp: 6, essence: 1, maxEssence: 4 } }), [
      careChange(),
    ]);
    await request({ messageId: pools.id });
    // A hospital (3): 5 + 6 = 11 against 10, significant with a 6: +1 each.
    const good = () =>
      careChange({
        set: { "flags.polyverse.tales.careTime": NOW, "flags.polyverse.tales.careSucceeded": true },
        add: [
          { path: "system.hp.value", delta: 1, max: 6 },
          { path: "system.essence.value", delta: 1, max: 4 },
        ],
      });
    const first = await post(careCard({ hospital: 3 }), [good()]);
    const second = await post(careCard({ hospital: 3 }), [good()]);
    await request({ messageId: first.id });
    await request({ messageId: second.id });
    expect([brute.system.hp.value, brute.system.essence.value]).toEqual([3, 2]);
    expect(warnings()).toEqual([
      text(`${K}.Relay.Mismatch`),
      text(`${K}.Refused.careTooSoon`, { name: "Brute" }),
    ]);
  });
});

describe("the upkeep card counts only as a GM posted it", () => {
  const upkeep = (rows: any[]) => ({ combatId: "combathostile001", round: 2, rows });
  const row = (a: any, over: Record<string, unknown> = {}) => ({
    actorUuid: a.uuid,
    name: a.name,
    state: "due",
    conscious: true,
    canHoldOn: false,
    paid: null,
    heldOn: null,
    ...over,
  });
  const op = (payload: Record<string, unknown>, id?: string) => request(payload, id, "tales.upkeep.op");

  it("hostile: a player's own upkeep card, another's row, a row out of range, an unknown operation: refused", async () => {
    const ward = world.character(
      "Ward",
      { hp: { value: 3 }, essence: { value: 3 }, health: { level: "critical", unstable: true } },
      [],
      player.id,
    );
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "tales-upkeep",
      system: { card: upkeep([row(ward)]) },
    });
    await op({ messageId: forged.id, op: "pay", index: 0 });
    world.as(gm);
    const card = await g.ChatMessage.create({
      type: "tales-upkeep",
      system: { card: upkeep([row(brute), row(ward)]) },
    });
    await op({ messageId: card.id, op: "pay", index: 0 });
    await op({ messageId: card.id, op: "pay", index: 99 });
    await op({ messageId: card.id, op: "heal", index: 1 });
    expect([ward.system.hp.value, brute.system.hp.value]).toEqual([3, 2]);
    expect(warnings()).toEqual([
      text(`${K}.Upkeep.Refused.NotGMCard`),
      text(`${K}.Upkeep.Refused.NotYours`),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.Malformed"),
    ]);
    // The player's own row: paid once, a second request refused.
    await op({ messageId: card.id, op: "pay", index: 1 });
    await op({ messageId: card.id, op: "pay", index: 1 });
    expect([ward.system.hp.value, ward.system.essence.value]).toEqual([2, 2]);
    expect(warnings().at(-1)).toBe(text(`${K}.Upkeep.Refused.AlreadyPaid`));
  });

  it("hostile: the hold-on roll for a conscious victim, or twice: refused", async () => {
    const ko = world.character("Lying", { health: { level: "ko", unstable: true } }, [], player.id);
    world.as(gm);
    const card = await g.ChatMessage.create({
      type: "tales-upkeep",
      system: { card: upkeep([row(ko, { conscious: false, canHoldOn: true }), row(medic)]) },
    });
    await op({ messageId: card.id, op: "holdOn", index: 1 });
    world.queueFaces([6], [1]);
    await op({ messageId: card.id, op: "holdOn", index: 0 });
    await op({ messageId: card.id, op: "holdOn", index: 0 });
    await flush();
    expect(card.system.card.rows[0].heldOn).toBe("held");
    expect(warnings()).toEqual([text(`${K}.Upkeep.Refused.NoHoldOn`), text(`${K}.Upkeep.Refused.NoHoldOn`)]);
  });
});
