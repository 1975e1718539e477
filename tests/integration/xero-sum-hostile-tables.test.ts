// A hostile player against the GM's client on the `xero-sum-table` card's follow-up buttons, driven
// against the built bundle as a player's client would: requests written straight into the player's own
// User document (`xero-sum.table.used`), cards posted at will. A button is marked used only by the GM,
// only for the owner of the character it is for, only when the card offers it still, and only for a
// follow-up card that holds: a table card of the kind the button rolls (a Panic check for "Panic
// check"), for that character, posted by the requester after the card, its check card genuine (the
// character's, the requester's, a trait the check allows, the dice it shows), unchanged since, and
// answering no other button. A second press while the first is under way rolls nothing more.
// Numbers from the text: a check succeeds at 9+; the Panic check is Reason, Psychology* or
// Inspiration; Table 12 on 5 is Rattled; Table 13 on 8 is Self-Harm, 1d3 WP unless stopped.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadXeroSumWorld, type XeroSumWorld } from "./xero-sum-health-world";

const g = globalThis as any;
let world: XeroSumWorld;
let player: any;
let gm: any;
let nervy: any; // The player's: Reason 0, nothing else.
let other: any; // The player's too.
let stranger: any; // The GM's NPC.

const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const T = "POLYVERSE.XeroSum.Tables.Refused";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const refused = (key: string, data?: Record<string, string>) => text(`${T}.${key}`, data);
let count = 0;
const nextId = (p: string) => `${p}${String(++count).padStart(16 - p.length, "0")}`;
const ref = (a: any) => ({ uuid: a.uuid, name: a.name });

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(payload: Record<string, unknown>, type = "xero-sum.table.used") {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${nextId("xtrid")}`]: { type, payload } });
  await world.socketToGM();
}

/** A table card as built (a blank of `kind` for `actor`), with `over`. */
const tableCard = (kind: string, actor: any, over: Record<string, unknown> = {}) => ({
  kind,
  actor: ref(actor),
  by: null,
  check: null,
  draw: null,
  extra: null,
  notes: [],
  buttons: [],
  used: [],
  result: {},
  ...over,
});

/** Post a table card as `author` (the GM's client records a player's). */
async function post(card: Record<string, unknown>, author = gm) {
  world.as(author);
  const message = await g.ChatMessage.create({ type: "xero-sum-table", system: { card }, speaker: {} });
  await world.socketToGM();
  return message;
}

/** The GM's harm card for `actor` calling for `buttons`. */
const harmCard = (actor: any, buttons = ["panic"], over = {}) =>
  post(tableCard("harm", actor, { buttons, ...over }));

/** A genuine Panic check for `actor` by `author`: 1 + 2 fails, 2 + 3 = 5 is Rattled. */
async function panicBy(actor: any, author = player) {
  world.as(author);
  world.queueFaces([1, 2], [2, 3]);
  const out = await actions().panicCheck(actor, { skipDialog: true });
  await world.socketToGM();
  return out.message;
}

const used = (message: any) => message.system.card.used;

beforeAll(async () => {
  world = await loadXeroSumWorld();
  player = world.users.player;
  gm = world.users.gm;
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
  nervy = world.character("Nervy", { attributes: { rsn: 0 } }, [], player.id);
  other = world.character("Other", { attributes: { rsn: 0 } }, [], player.id);
  stranger = world.npc("Stranger");
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("a follow-up is marked used by the GM, once, for the check that answers it", () => {
  it("a genuine Panic check marks the button; asked again, refused; cited for a second card, refused", async () => {
    const first = await harmCard(nervy);
    const second = await harmCard(nervy);
    const panic = await panicBy(nervy);
    await request({ messageId: first.id, button: "panic", followUpId: panic.id });
    expect(used(first)).toEqual(["panic"]);
    await request({ messageId: first.id, button: "panic", followUpId: panic.id });
    await request({ messageId: second.id, button: "panic", followUpId: panic.id });
    expect(used(second)).toEqual([]);
    expect(warnings()).toEqual([refused("AlreadyUsed"), refused("FollowUpUsed")]);
  });

  it("hostile: no such message, another kind of card, another character's check, the GM's, one rolled before the card", async () => {
    const card = await harmCard(nervy);
    await request({ messageId: card.id, button: "panic", followUpId: nextId("nomsg") });
    world.as(player);
    world.queueFaces([4, 4]);
    const gut = (await actions().gutInstinct(nervy, "Trader", { skipDialog: true })).message;
    await world.socketToGM();
    await request({ messageId: card.id, button: "panic", followUpId: gut.id });
    await request({ messageId: card.id, button: "panic", followUpId: (await panicBy(other)).id });
    await request({ messageId: card.id, button: "panic", followUpId: (await panicBy(nervy, gm)).id });
    // A Panic check of Nervy's from before the card: the card is posted after it.
    const early = await panicBy(nervy);
    const later = await harmCard(nervy);
    early.timestamp = 1_000;
    later.timestamp = 2_000;
    await request({ messageId: later.id, button: "panic", followUpId: early.id });
    expect([used(card), used(later)]).toEqual([[], []]);
    expect(warnings()).toEqual([
      refused("NoFollowUp"),
      refused("FollowUpWrong"),
      refused("FollowUpWrong"),
      refused("FollowUpNotYours"),
      refused("FollowUpEarlier"),
    ]);
  });

  it("hostile: a forged Panic card: no check behind it, a Physicality check, other dice than the check's, edited after", async () => {
    const card = await harmCard(nervy);
    const check = {
      messageId: nextId("nocheck"),
      attribute: "rsn",
      skill: "",
      dice: [1, 2],
      total: 3,
      band: "dire-failure",
    };
    const forged = await post(tableCard("panic", nervy, { check }), player);
    await request({ messageId: card.id, button: "panic", followUpId: forged.id });
    // A genuine Lasting Wound check (Physicality, 1 + 2) is no Panic check.
    world.as(player);
    world.queueFaces([1, 2], [3, 4]);
    const wound = (await actions().lastingWoundCheck(other, { skipDialog: true })).card.check;
    await world.socketToGM();
    const phy = await post(tableCard("panic", other, { check: wound }), player);
    const forOther = await harmCard(other);
    await request({ messageId: forOther.id, button: "panic", followUpId: phy.id });
    // A genuine Panic check's card copied with other dice.
    const genuine = await panicBy(nervy);
    const dice = { ...genuine.system.card.check, dice: [2, 1] };
    const copied = await post(tableCard("panic", nervy, { check: dice }), player);
    await request({ messageId: card.id, button: "panic", followUpId: copied.id });
    // The genuine card, its check edited by the player after it was posted.
    world.as(player);
    await genuine.update({ "system.card.check.total": 9, "system.card.check.band": "success" });
    await request({ messageId: card.id, button: "panic", followUpId: genuine.id });
    expect([used(card), used(forOther)]).toEqual([[], []]);
    expect(warnings()).toEqual([
      text("POLYVERSE.XeroSum.Health.Refused.NoCheck"),
      text("POLYVERSE.XeroSum.Health.Refused.CheckWrongTrait"),
      text("POLYVERSE.XeroSum.Health.Refused.CheckDice"),
      text("POLYVERSE.Relay.CardChanged"),
    ]);
  });

  it("hostile: a button for the GM's NPC, a Rebuttal the player's Gambit offers the GM's NPC, one not offered, malformed", async () => {
    const npcs = await harmCard(stranger);
    await request({ messageId: npcs.id, button: "panic", followUpId: (await panicBy(nervy)).id });
    const gambit = await post(
      tableCard("gambit", nervy, {
        by: ref(stranger),
        buttons: ["rebuttal"],
        result: { cmod: -1, over: false },
      }),
      player,
    );
    await request({ messageId: gambit.id, button: "rebuttal", followUpId: (await panicBy(nervy)).id });
    const card = await harmCard(nervy, ["panic"]);
    await request({ messageId: card.id, button: "lastingWound", followUpId: (await panicBy(nervy)).id });
    const panic = await panicBy(nervy);
    await request({ messageId: card.id, button: "panic", followUpId: panic.id, extra: 1 });
    await request({ messageId: card.id, button: "nope", followUpId: panic.id });
    await request({ messageId: card.id, button: "panic", followUpId: 5 });
    expect([used(npcs), used(gambit), used(card)]).toEqual([[], [], []]);
    expect(warnings()).toEqual([
      refused("NotYours", { name: "Stranger" }),
      refused("NotYours", { name: "Stranger" }),
      refused("NotOffered"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.Malformed"),
      text("POLYVERSE.Relay.Malformed"),
    ]);
    // The request as it should be still works.
    await request({ messageId: card.id, button: "panic", followUpId: panic.id });
    expect(used(card)).toEqual(["panic"]);
  });

  it("hostile: Self-Harm claimed with other harm than the d3's (3), or stopped while it goes on", async () => {
    const bp = await post(
      tableCard("breakingPoint", nervy, {
        buttons: ["selfHarm", "stopped"],
        extra: { formula: "1d3", faces: [5], value: 3 },
      }),
    );
    world.as(gm);
    await nervy.update({ "system.state.breakingPoint": "selfHarm" });
    const stress = (key: string, wp: number) =>
      tableCard("stress", nervy, {
        notes: [{ key: `POLYVERSE.XeroSum.Health.SelfHarm.${key}` }],
        result: { stress: 0, wp },
      });
    await request({
      messageId: bp.id,
      button: "selfHarm",
      followUpId: (await post(stress("Harmed", 2), player)).id,
    });
    await request({
      messageId: bp.id,
      button: "stopped",
      followUpId: (await post(stress("Stopped", 0), player)).id,
    });
    expect(used(bp)).toEqual([]);
    expect(warnings()).toEqual([refused("FollowUpDisagrees"), refused("FollowUpDisagrees")]);
    // Pressed for real: 3 WP taken, the reaction over, both buttons used.
    world.as(gm);
    await nervy.update({ "system.wp.value": 10 });
    world.as(player);
    const button = world
      .render(bp)
      .querySelector<HTMLButtonElement>("[data-pv-action='xero-sum.table.selfHarm']");
    button!.click();
    await flush();
    await world.socketToGM();
    expect(nervy.system.wp.value).toBe(7);
    expect(used(bp)).toEqual(["selfHarm", "stopped"]);
    world.as(gm);
    await nervy.update({ "system.state.breakingPoint": "" });
  });
});

describe("a second press", () => {
  it("two renders of the card pressed at once roll one Panic check; once used, the button is gone", async () => {
    const card = await harmCard(nervy);
    world.as(player);
    const first = world
      .render(card)
      .querySelector<HTMLButtonElement>("[data-pv-action='xero-sum.table.panic']")!;
    const again = world
      .render(card)
      .querySelector<HTMLButtonElement>("[data-pv-action='xero-sum.table.panic']")!;
    const panics = () => world.messages.filter((m: any) => m.system?.card?.kind === "panic").length;
    const before = panics();
    world.queueFaces([1, 2], [2, 3]);
    first.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
    again.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
    await flush();
    expect(panics()).toBe(before + 1);
    await world.socketToGM();
    expect(used(card)).toEqual(["panic"]);
    world.as(player);
    expect(world.render(card).querySelector("[data-pv-action='xero-sum.table.panic']")).toBeNull();
    expect(warnings()).toEqual([]);
  });
});
