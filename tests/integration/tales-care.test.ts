// Tales health and care against the built bundle: the instability a K/O brings, the hold-on roll and
// its coma, medical care once per healing cycle (through the GM for a patient the medic's player does
// not own), stabilising, the round's upkeep card, and the GM's new session. Numbers from the text:
// stabilisation 5/7/9/11, care 5/9/13 less a hospital's 1 to 3, hold on Spiritual + d6 against 6 + d6,
// a coma of 7 days less one per point of Spiritual, the upkeep's 1 Essence and 1 Hit Point.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadTalesCareWorld } from "./tales-care-world";
import type { TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;
let gm: any;
let player: any;
const actions = () => g.game.polyverse.rulesets.tales.actions;
const K = "POLYVERSE.Tales.Health";
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const flags = (a: any) => a.flags?.polyverse?.tales ?? {};
const NOW = 1_000_000;
const WEEK = 7 * 24 * 3600;
let combats = 0;

/** A combat of these actors, started, the viewed one. */
async function fight(...actors: any[]) {
  const Combat = g.CONFIG.Combat.documentClass;
  const id = `combatcare${String(++combats).padStart(6, "0")}`;
  const combat = new Combat({
    _id: id,
    combatants: actors.map((a, i) => ({
      _id: `cb${id.slice(-6)}${String(i).padStart(8, "0")}`,
      name: a.name,
      actorId: a.id,
    })),
  });
  g.game.combat = combat;
  g.game.combats = [combat];
  world.as(gm);
  await combat.startCombat();
  return combat;
}

/** The next round's upkeep card. */
async function nextUpkeepCard(combat: any) {
  world.as(gm);
  const before = world.messages.length;
  await combat.nextRound();
  await flush();
  return world.messages.slice(before).find((m: any) => m.type === "tales-upkeep");
}

beforeAll(async () => {
  world = await loadTalesCareWorld();
  gm = world.users.gm;
  player = world.users.player;
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  g.game.time = { worldTime: NOW };
  g.game.combat = null;
});

describe("a K/O makes the victim unstable", () => {
  it("reaching K/O makes the victim unstable; leaving it for a lesser wound (an Undo) ends that instability", async () => {
    const v = world.character("Victim", { health: { level: "critical" } });
    await v.update({ "system.health.level": "ko" });
    expect(v.system.health.unstable).toBe(true);
    expect(flags(v).koUnstable).toBe(true);
    await v.update({ "system.health.level": "critical" });
    expect(v.system.health.unstable).toBe(false);
    expect(flags(v).koUnstable).toBe(false);
  });

  it("an instability the victim had before the K/O (a vicious attack's) stays when the K/O goes", async () => {
    const v = world.character("Bleeder", { health: { level: "medium", unstable: true } });
    await v.update({ "system.health.level": "ko" });
    await v.update({ "system.health.level": "medium" });
    expect(v.system.health.unstable).toBe(true);
  });
});

describe("the hold-on roll and the coma", () => {
  it("H16: unconscious and unstable, Spiritual 3 + 2 = 5 against 6 + 4 = 10 fails: a coma of 7 - 3 = 4 days", async () => {
    const v = world.character(
      "Faller",
      { attributes: { spiritual: 3 }, essence: { value: 0 }, health: { level: "ko", unstable: true } },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([2], [4]);
    const rolled = await actions().holdOn(v, { skipDialog: true });
    expect(rolled.success).toBe(false);
    expect(v.system.health.comaDays).toBe(4);
    const card = world.messages.at(-1);
    expect(card.type).toBe("tales-care");
    expect(world.render(card).textContent).toContain("Spiritual 3 + 2 = 5 against 6 + 4 = 10");
    expect(world.render(card).textContent).toContain("Faller falls into a coma for 4 days.");
    expect(await actions().holdOn(v, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Refused.inComa`, { name: "Faller" })]);
  });

  it("a success keeps the victim stable until the end of the fight, once per fight; a 6 buys it with Essence", async () => {
    const v = world.character(
      "Holder",
      { attributes: { spiritual: 1 }, essence: { value: 1 }, health: { level: "ko", unstable: true } },
      [],
      player.id,
    );
    const combat = await fight(v);
    world.as(player);
    // 1 + 6 = 7 against 6 + 5 = 11: short, but a 6 against a 5 may be bought for an Essence point.
    world.queueFaces([6], [5]);
    const rolled = await actions().holdOn(v, { skipDialog: true });
    expect(rolled.success).toBe(true);
    expect(v.system.essence.value).toBe(0);
    expect(v.system.health.comaDays).toBe(0);
    expect(flags(v).holdOn).toBe(combat.id);
    expect(world.render(world.messages.at(-1)).textContent).toContain("stable until the end of the fight");
    expect(await actions().holdOn(v, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Refused.alreadyHeldOn`, { name: "Holder" })]);
  });

  it("only the unconscious and unstable roll, and only their owner", async () => {
    const awake = world.character("Awake", { health: { level: "critical", unstable: true } }, [], player.id);
    const theirs = world.character("Theirs", { health: { level: "ko", unstable: true } });
    world.as(player);
    expect(await actions().holdOn(awake, { skipDialog: true })).toBeNull();
    expect(await actions().holdOn(theirs, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([
      text(`${K}.Refused.notUnconscious`, { name: "Awake" }),
      text(`${K}.Refused.NotYours`, { name: "Theirs" }),
    ]);
  });

  it("rest: a coma counts whole days and the pools come back at the monthly rate meanwhile", async () => {
    const v = world.character("Sleeper", {
      attributes: { physical: 3, mental: 3 },
      hp: { value: 0 },
      health: { level: "ko", comaDays: 4 },
    });
    expect(await actions().rest(v, { hours: 50 })).toBe(true);
    expect(v.system.health.comaDays).toBe(2);
    expect(v.system.hp.value).toBe(0);
    expect(world.messages.at(-1).content).toContain("2 days of coma left.");
    expect(await actions().rest(v, { hours: 48 })).toBe(true);
    expect(v.system.health.comaDays).toBe(0);
    expect(world.messages.at(-1).content).toContain("Sleeper comes out of the coma.");
  });
});

describe("medical care", () => {
  const medicOf = (owner?: string, mental = 4, medicine = 3) =>
    world.character("Healer", { attributes: { mental }, skills: { medicine } }, [], owner);
  // Physical 3 + Mental 3: 6 Hit Points; Social 2 + Spiritual 2: 4 Essence.
  const patientOf = (system: any = {}, owner?: string) =>
    world.actor(
      {
        name: "Passenger",
        type: "tales-npc",
        system: {
          attributes: { physical: 3, mental: 3, social: 2, spiritual: 2 },
          hp: { value: 2 },
          essence: { value: 1 },
          health: { level: "medium" },
          ...system,
        },
      },
      owner,
    );

  it("H22: 4 + 3 + 5 = 12 against a Medium wound's 9, significant: +1 Hit Point and +1 Essence, through the GM", async () => {
    const medic = medicOf(player.id);
    const patient = patientOf();
    world.as(player);
    world.queueFaces([5]);
    const rolled = await actions().medicalCare(medic, patient, { skipDialog: true });
    expect(rolled.success).toBe(true);
    // The player may not change the GM's patient: the card waits for the GM.
    expect(patient.system.hp.value).toBe(2);
    await world.socketToGM();
    expect([patient.system.hp.value, patient.system.essence.value]).toEqual([3, 2]);
    expect(flags(patient)).toMatchObject({ careTime: NOW, careSucceeded: true });
    expect(world.render(rolled.message).textContent).toContain(
      "Passenger gains a Hit Point and an Essence point this healing cycle.",
    );
    expect(warnings()).toEqual([]);
  });

  it("one test a healing cycle: again within the week is refused; a week later it is not", async () => {
    const medic = medicOf(player.id);
    const patient = patientOf();
    world.as(player);
    world.queueFaces([5]);
    await actions().medicalCare(medic, patient, { skipDialog: true });
    await world.socketToGM();
    world.as(player);
    g.game.time = { worldTime: NOW + WEEK - 1 };
    expect(await actions().medicalCare(medic, patient, { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Refused.careTooSoon`, { name: "Passenger" })]);
    g.game.time = { worldTime: NOW + WEEK };
    world.queueFaces([5]);
    expect(await actions().medicalCare(medic, patient, { skipDialog: true })).not.toBeNull();
    await world.socketToGM();
    expect([patient.system.hp.value, patient.system.essence.value]).toEqual([4, 3]);
  });

  it("a hospital lowers the difficulty: Critical 13 - 3 = 10; 3 + 2 + 5 = 10 is a marginal success, +1 to the more depleted", async () => {
    const medic = medicOf(undefined, 3, 2);
    const patient = patientOf({ health: { level: "critical" }, hp: { value: 5 }, essence: { value: 1 } });
    world.queueFaces([5]);
    const rolled = await actions().medicalCare(medic, patient, { skipDialog: true, hospital: 3 });
    expect(rolled.success).toBe(true);
    expect([patient.system.hp.value, patient.system.essence.value]).toEqual([5, 2]);
    expect(world.render(rolled.message).textContent).toContain("= 10 against 10");
  });

  it("no Medicine, no care: only someone with the skill tends a patient", async () => {
    const medic = medicOf(undefined, 4, 0);
    expect(await actions().medicalCare(medic, patientOf(), { skipDialog: true })).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Refused.noMedicine`, { name: "Healer" })]);
  });

  it("spectacular (a 6, 6 over): the GM alone may restore a whole pool, once", async () => {
    const medic = medicOf(player.id);
    const patient = patientOf({ health: { level: "light" }, hp: { value: 1 }, essence: { value: 1 } });
    world.as(player);
    // 4 + 3 + 6 = 13 against a Light wound's 5: 8 over, with a 6.
    world.queueFaces([6]);
    const { message } = await actions().medicalCare(medic, patient, { skipDialog: true });
    await world.socketToGM();
    expect([patient.system.hp.value, patient.system.essence.value]).toEqual([2, 2]);
    world.as(player);
    expect(await world.press(message, '[data-pv-action="tales.care.restoreHp"]')).toBe(false);
    world.as(gm);
    expect(await world.press(message, '[data-pv-action="tales.care.restoreHp"]')).toBe(true);
    expect(patient.system.hp.value).toBe(6);
    expect(message.system.card.restored).toBe("hp");
    expect(await world.press(message, '[data-pv-action="tales.care.restoreEssence"]')).toBe(false);
    expect(world.render(message).textContent).toContain(
      "The Raconteur restored all of Passenger's Hit Points.",
    );
  });

  it("H20: after a medic's success the patient rolls two dice: 4 Hit Points and the better of 2 and 5 make 9, Light", async () => {
    const medic = medicOf();
    const patient = patientOf(
      {
        attributes: { physical: 2, mental: 2, social: 2, spiritual: 2 },
        hp: { value: 4 },
        essence: { value: 4 },
      },
      player.id,
    );
    world.queueFaces([5]);
    const rolled = await actions().medicalCare(medic, patient, { skipDialog: true });
    expect(rolled.success).toBe(true);
    world.as(player);
    world.queueFaces([2, 5]);
    expect(await actions().heal(patient, { sacrifice: 4 })).toBe(true);
    expect(patient.system.health.level).toBe("light");
  });
});

describe("stabilising a patient the medic's player does not own", () => {
  it("a success: the GM stabilises the patient and forgets their hold-on roll; a failure changes nothing", async () => {
    const medic = world.character(
      "Medic",
      { attributes: { mental: 3 }, skills: { medicine: 2 } },
      [],
      player.id,
    );
    const patient = world.actor({
      name: "Brute",
      type: "tales-npc",
      system: { health: { level: "critical", unstable: true } },
      flags: { polyverse: { tales: { holdOn: "" } } },
    });
    world.as(player);
    world.queueFaces([1]);
    const failed = await actions().stabilise(medic, patient, { skipDialog: true });
    expect(failed.success).toBe(false);
    expect(failed.message.flags.polyverse?.pending ?? []).toEqual([]);
    // 3 + 2 + 4 = 9 against a Critical wound's 9.
    world.queueFaces([4]);
    const done = await actions().stabilise(medic, patient, { skipDialog: true });
    expect(world.render(done.message).textContent).toContain("Waiting for the GM: Brute");
    await world.socketToGM();
    expect(patient.system.health.unstable).toBe(false);
    expect(flags(patient).holdOn).toBeNull();
    expect(world.render(done.message).textContent).not.toContain("Waiting for the GM");
  });
});

describe("the round's upkeep card", () => {
  it("a conscious fighter's owner pays 1 Essence and 1 Hit Point through the GM, once a round", async () => {
    const a = world.character(
      "Ann",
      { hp: { value: 2 }, essence: { value: 1 }, health: { level: "critical", unstable: true } },
      [],
      player.id,
    );
    const n = world.actor({
      name: "Nob",
      type: "tales-npc",
      system: { health: { level: "ko", unstable: true } },
    });
    const card = await nextUpkeepCard(await fight(a, n));
    expect(card.system.card.rows.map((r: any) => [r.name, r.state, r.conscious, r.canHoldOn])).toEqual([
      ["Ann", "due", true, false],
      ["Nob", "due", false, true],
    ]);
    world.as(player);
    const html = world.render(card);
    expect(html.querySelectorAll('[data-pv-action="tales.upkeep.pay"]').length).toBe(1);
    expect(html.querySelector('[data-pv-action="tales.upkeep.holdOn"]')).toBeNull();
    expect(await world.press(card, '[data-pv-action="tales.upkeep.pay"]')).toBe(true);
    await world.socketToGM();
    expect([a.system.hp.value, a.system.essence.value, a.system.health.level]).toEqual([1, 0, "critical"]);
    expect(card.system.card.rows[0].paid).toMatchObject({ hp: 1, essence: 1 });
    world.as(player);
    expect(await world.press(card, '[data-pv-action="tales.upkeep.pay"]')).toBe(false);
    expect(world.render(card).textContent).toContain("Paid: 1 Essence, 1 Hit Point.");
  });

  it("what cannot be paid happens: no Hit Point, a stun (Critical and a stun: K/O); no Essence, unconscious", async () => {
    const a = world.character("Dry", {
      hp: { value: 0 },
      essence: { value: 0 },
      health: { level: "critical", unstable: true },
    });
    const card = await nextUpkeepCard(await fight(a));
    expect(await world.press(card, '[data-pv-action="tales.upkeep.pay"]')).toBe(true);
    expect(a.system.health.level).toBe("ko");
    expect(card.system.card.rows[0].paid).toMatchObject({
      hp: 0,
      essence: 0,
      stunned: true,
      fellUnconscious: true,
    });
  });

  it("the unconscious hold on from the card, rolled by the GM: H16's coma of 4 days; the next round owes nothing", async () => {
    const n = world.actor(
      {
        name: "Sleeper",
        type: "tales-npc",
        system: {
          attributes: { spiritual: 3 },
          essence: { value: 0 },
          health: { level: "ko", unstable: true },
        },
      },
      player.id,
    );
    const combat = await fight(n);
    const card = await nextUpkeepCard(combat);
    world.as(player);
    world.queueFaces([2], [4]);
    expect(await world.press(card, '[data-pv-action="tales.upkeep.holdOn"]')).toBe(true);
    await world.socketToGM();
    expect(n.system.health.comaDays).toBe(4);
    expect(card.system.card.rows[0].heldOn).toBe("coma");
    const next = await nextUpkeepCard(combat);
    expect(next.system.card.rows[0].state).toBe("coma");
    world.as(player);
    expect(world.render(next).querySelector("button")).toBeNull();
  });

  it("one who held on owes nothing until the fight ends", async () => {
    const n = world.character("Stout", {
      attributes: { spiritual: 6 },
      health: { level: "ko", unstable: true },
    });
    const combat = await fight(n);
    const card = await nextUpkeepCard(combat);
    // 6 + 5 = 11 against 6 + 1 = 7.
    world.queueFaces([5], [1]);
    expect(await world.press(card, '[data-pv-action="tales.upkeep.holdOn"]')).toBe(true);
    expect(card.system.card.rows[0].heldOn).toBe("held");
    const next = await nextUpkeepCard(combat);
    expect(next.system.card.rows[0].state).toBe("heldOn");
    expect(world.render(next).querySelector('[data-pv-action="tales.upkeep.pay"]')).toBeNull();
  });
});

describe("a new session", () => {
  const used = () =>
    world.character("Spent", {
      connections: { allies: { level: 2, used: true }, wealth: { level: 1, used: true } },
      uses: { lucky: true, astrological: true },
    });
  const fresh = (a: any) => [
    a.system.connections.allies.used,
    a.system.connections.wealth.used,
    a.system.uses.lucky,
    a.system.uses.astrological,
  ];

  it("the GM confirms, and every Tales character's connection dice, Lucky and Astrological Sensitivity are back", async () => {
    const a = used();
    const confirm = g.foundry.applications.api.DialogV2.confirm;
    try {
      expect(await actions().newSession()).toBeNull();
      expect(fresh(a)).toEqual([true, true, true, true]);
      g.foundry.applications.api.DialogV2.confirm = async () => true;
      expect(await actions().newSession()).toBeGreaterThanOrEqual(1);
      expect(fresh(a)).toEqual([false, false, false, false]);
      expect(world.messages.at(-1).content).toContain("A new session");
    } finally {
      g.foundry.applications.api.DialogV2.confirm = confirm;
    }
  });

  it("a player may not; the Actors directory shows the GM a New session button in a Tales world", async () => {
    const a = used();
    world.as(player);
    expect(await actions().newSession({ confirm: false })).toBeNull();
    expect(warnings()).toEqual([text(`${K}.Session.GMOnly`)]);
    const directory = () => {
      const html = document.createElement("section");
      html.innerHTML = '<header class="directory-header"><div class="header-actions"></div></header>';
      g.Hooks.callAll("renderActorDirectory", {}, html);
      return html;
    };
    expect(directory().querySelector("[data-pv-tales-session]")).toBeNull();
    world.as(gm);
    const html = directory();
    const button = html.querySelector<HTMLButtonElement>(".header-actions [data-pv-tales-session]");
    expect(button?.textContent).toContain("New session");
    const confirm = g.foundry.applications.api.DialogV2.confirm;
    g.foundry.applications.api.DialogV2.confirm = async () => true;
    try {
      button!.click();
      await flush();
      expect(fresh(a)).toEqual([false, false, false, false]);
    } finally {
      g.foundry.applications.api.DialogV2.confirm = confirm;
    }
  });
});

describe("the sheet's care buttons", () => {
  /** Press a sheet action as its button would, on an editable sheet of `doc`. */
  function press(doc: any, name: string, data: Record<string, string>) {
    const registered = world.recorder.sheets.find(
      (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("tales-character"),
    )!;
    const Sheet = registered.sheet as any;
    let fn: any;
    for (let cls = Sheet; cls?.DEFAULT_OPTIONS && !fn; cls = Object.getPrototypeOf(cls))
      fn = cls.DEFAULT_OPTIONS.actions?.[name];
    const sheet = new Sheet({ document: doc });
    Object.defineProperty(sheet, "isEditable", { value: true });
    const el = document.createElement("button");
    for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
    return fn.call(sheet, new MouseEvent("click", { shiftKey: true }), el);
  }

  it("Medical care tends the user's targeted token; Stabilise with no target is the character's own (and refused when stable)", async () => {
    const medic = world.character("Nurse", { attributes: { mental: 3 }, skills: { medicine: 2 } });
    const patient = world.character("Cot", { health: { level: "light" }, hp: { value: 0 } });
    gm.targets = new Set([{ actor: patient }]);
    // The skip key (Shift) held on the click: the dialog is skipped, as core's keybinding reads it.
    const keybindings = g.game.keybindings;
    g.game.keybindings = {
      actions: new Map([["polyverse.skipRollDialog", {}]]),
      get: () => [{ key: "ShiftLeft" }],
    };
    try {
      world.queueFaces([4]);
      await press(medic, "talesCare", { care: "care" });
      const card = world.messages.at(-1);
      expect(card.type).toBe("tales-care");
      expect(card.system.card).toMatchObject({ kind: "care", patient: { name: "Cot" }, level: "light" });
      gm.targets = new Set();
      await press(medic, "talesCare", { care: "stabilise" });
      expect(warnings()).toEqual([text(`${K}.Refused.Stable`, { name: "Nurse" })]);
    } finally {
      gm.targets = new Set();
      g.game.keybindings = keybindings;
    }
  });
});

describe("every string the cards and notes asked for exists", () => {
  it("no missing i18n key", () => {
    expect([...world.missingKeys]).toEqual([]);
    expect([...world.recorder.i18nMissing].filter((k) => k.startsWith("POLYVERSE.Tales"))).toEqual([]);
  });
});
