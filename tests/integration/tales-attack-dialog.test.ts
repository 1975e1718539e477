// The Tales attack dialog against the built bundle: the sheet's weapon button opens it (Shift rolls its
// defaults at once), the band measured from the tokens on the scene (C09: a bow of Range 25 m at 40 m
// is medium, 6 + d6), a bow out of range refused, aim held to the rules, and a Spray at three targets
// standing together (D10: a Shotgun's +8 hits each at 6) posting a card per target with one die, which
// the GM resolves and rolls as for any attack; a player's edited or forged Spray is refused.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;

const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const actions = () => g.game.polyverse.rulesets.tales.actions;

const bow = {
  name: "Bow",
  type: "tales-weapon",
  system: { damage: 4, skill: "archery", attribute: "physical", equipped: true, traits: { range: 25 } },
};
const shotgun = {
  name: "Shotgun",
  type: "tales-weapon",
  system: {
    damage: 8,
    skill: "firearms",
    attribute: "mental",
    equipped: true,
    traits: { range: 50, spray: true },
  },
};

/** The character sheet's roll action, pressed on a weapon row with this click. */
function pressAttack(actor: any, item: any, event: Event) {
  const registered = world.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("tales-character"),
  )!;
  const Sheet = registered.sheet as any;
  let roll: any = null;
  for (let cls = Sheet; cls?.DEFAULT_OPTIONS && !roll; cls = Object.getPrototypeOf(cls))
    roll = cls.DEFAULT_OPTIONS.actions?.roll ?? null;
  const sheet = new Sheet({ document: actor });
  const row = document.createElement("li");
  row.dataset.itemId = item.id;
  const button = document.createElement("button");
  button.dataset.roll = "attack";
  row.append(button);
  return roll.call(sheet, event, button);
}

/** Shift held as core's skip key reads it (the stand-in has no keybindings of its own). */
function installSkipKey() {
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
}

beforeAll(async () => {
  world = await loadTalesCombatWorld();
  installSkipKey();
});

beforeEach(() => {
  world.as(world.users.gm);
  world.users.gm.targets.clear();
  world.users.player.targets.clear();
  world.recorder.notifications.length = 0;
});

describe("the sheet's weapon button", () => {
  it("opens the attack dialog on the targeted token, measured on the scene", async () => {
    const archer = world.character(
      "Archer",
      { attributes: { physical: 3 }, skills: { archery: 4 } },
      [bow],
      world.users.player.id,
    );
    const bob = world.actor({ name: "Bob", type: "tales-npc", system: { attributes: { physical: 3 } } });
    world.token(archer, 0, 10);
    const bobToken = world.token(bob, 40, 10);
    world.as(world.users.player);
    world.users.player.targets.add(bobToken);
    // The hook stops the roll before the dialog (the stand-in's Hooks.off does nothing: a flag does).
    const seen: any[] = [];
    let veto = true;
    g.Hooks.on("polyverse.preRollDialog", (context: any) => {
      if (!veto) return true;
      seen.push(context);
      return false;
    });
    const before = world.messages.length;
    try {
      await pressAttack(archer, archer.items[0], new MouseEvent("click"));
    } finally {
      veto = false;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ ruleset: "tales", kind: "attack", subject: archer });
    expect(seen[0].config.targets).toEqual([
      expect.objectContaining({ uuid: bob.uuid, name: "Bob", metres: 40, observed: false }),
    ]);
    expect(seen[0].config.weapon).toMatchObject({ range: 25, spray: false });
    expect(world.messages.length).toBe(before);
  });

  it("C09: Shift-click rolls at once: 40 m from a Range 25 bow is medium, the GM's defence dynamic against 6", async () => {
    const archer = world.character(
      "Archer2",
      { attributes: { physical: 3 }, skills: { archery: 4 } },
      [bow],
      world.users.player.id,
    );
    const bob = world.actor({ name: "Bob2", type: "tales-npc", system: { attributes: { physical: 3 } } });
    world.token(archer, 0, 20);
    world.users.player.targets.add(world.token(bob, 40, 20));
    world.as(world.users.player);
    world.queueFaces([4]);
    await pressAttack(archer, archer.items[0], new MouseEvent("click", { shiftKey: true }));
    await world.socketToGM();
    const message = world.messages.at(-1);
    expect(message.type).toBe("tales-attack");
    expect(message.system.card.target).toEqual({ actorUuid: bob.uuid, name: "Bob2" });
    expect(message.system.card.attack).toEqual({
      bonus: 7,
      face: 4,
      ranged: true,
      band: "medium",
      aim: 0,
      autoBullets: 0,
      clumsy: false,
    });
    // The GM owns Bob and defends: against a ranged attack nothing but the range (medium: 6 + d6); no
    // Sustained Defence outside a combat round.
    world.as(world.users.gm);
    const html = world.render(message);
    const select = html.querySelector<HTMLSelectElement>("select[name=defence]")!;
    expect([...select.options].map((o) => o.value)).toEqual(["none"]);
    select.value = "none";
    world.queueFaces([3]);
    html.querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.defend"]')!.click();
    await flush();
    // The player's card agrees with the ledger: 7 + 4 = 11 against 6 + 3 = 9, a hit by 2.
    expect(message.system.card.defence).toMatchObject({
      mode: "dynamic",
      value: 6,
      face: 3,
      hit: true,
      margin: 2,
    });
    expect(warnings()).toEqual([]);
  });

  it("out of range: the bow at 120 m is refused with the reason, nothing posted", async () => {
    const archer = world.character("Archer3", { attributes: { physical: 3 }, skills: { archery: 4 } }, [bow]);
    const far = world.actor({ name: "Far", type: "tales-npc", system: {} });
    world.token(archer, 0, 30);
    world.users.gm.targets.add(world.token(far, 120, 30));
    const before = world.messages.length;
    await pressAttack(archer, archer.items[0], new MouseEvent("click", { shiftKey: true }));
    expect(world.messages.length).toBe(before);
    expect(warnings()).toEqual([
      text("POLYVERSE.Tales.AttackDialog.Problem.outOfRange", { name: "Far", metres: "120", max: "100" }),
    ]);
  });
});

describe("rollAttack's options", () => {
  it("C12: aim asked for is held to the rules (Archery 4: +2 with the target still; Archery 1: none)", async () => {
    const good = world.character("Good", { attributes: { physical: 3 }, skills: { archery: 4 } }, [bow]);
    const poor = world.character("Poor", { attributes: { physical: 3 }, skills: { archery: 1 } }, [bow]);
    const bob = world.actor({ name: "Bob4", type: "tales-npc", system: {} });
    world.queueFaces([3], [3]);
    const a = await actions().rollAttack(good, good.items[0], { target: bob, aim: 2, band: "long" });
    const b = await actions().rollAttack(poor, poor.items[0], { target: bob, aim: 2 });
    // No tokens here: the band is the one asked for (or close).
    expect(a.system.card.attack).toMatchObject({ aim: 2, bonus: 9, band: "long" });
    expect(b.system.card.attack).toMatchObject({ aim: 0, bonus: 4, band: "close" });
  });
});

describe("hostile: aim the rules do not allow", () => {
  it("a player's card claiming +2 aim for Archery 1 disagrees with the documents: the GM refuses it", async () => {
    const poor = world.character(
      "PoorShot",
      { attributes: { physical: 3 }, skills: { archery: 1 } },
      [bow],
      world.users.player.id,
    );
    const bob = world.actor({ name: "Bob5", type: "tales-npc", system: {} });
    world.as(world.users.player);
    const roll = new g.foundry.dice.Roll("1d6");
    roll._faces = [4];
    roll._evaluated = true;
    const card = (aim: number, bonus: number) => ({
      attacker: { actorUuid: poor.uuid, name: "PoorShot" },
      weapon: { itemUuid: poor.items[0].uuid, name: "Bow" },
      target: { actorUuid: bob.uuid, name: "Bob5" },
      attack: { bonus, face: 4, ranged: true, band: "close", aim, autoBullets: 0, clumsy: false },
      defence: null,
      damageMessageId: null,
    });
    const post = (aim: number, bonus: number) =>
      g.ChatMessage.create({
        type: "tales-attack",
        system: { card: card(aim, bonus) },
        speaker: { actor: poor.id },
        rolls: [roll],
      });
    const forged = await post(2, 3 + 1 + 2);
    const honest = await post(2, 3 + 1);
    await world.socketToGM();
    world.as(world.users.gm);
    await world.press(forged, 'button[data-pv-action="tales.attack.defend"]');
    expect(forged.system.card.defence).toBeNull();
    expect(warnings()).toEqual([text("POLYVERSE.Relay.WeaponMismatch")]);
    // The aim the card claims counts only as the rules allow: the bonus without it agrees.
    world.queueFaces([3]);
    await world.press(honest, 'button[data-pv-action="tales.attack.defend"]');
    expect(honest.system.card.defence).toMatchObject({ choice: "none" });
  });
});

describe("Spray at several targets", () => {
  async function spray() {
    const shooter = world.character(
      "Shooter",
      { attributes: { mental: 3 }, skills: { firearms: 3 } },
      [shotgun],
      world.users.player.id,
    );
    const group = ["Ann", "Ben", "Cat"].map((name) =>
      world.actor({ name, type: "tales-npc", system: { attributes: { physical: 3 } } }),
    );
    world.token(shooter, 0, 50);
    group.forEach((a, i) => world.users.player.targets.add(world.token(a, 10 + (i % 2), 50 + i)));
    return { shooter, group };
  }

  it("D10: one die, a card per target; a hit on one takes the Shotgun's 8 less 2 for the other victims", async () => {
    const { shooter, group } = await spray();
    world.as(world.users.player);
    world.queueFaces([5]);
    const before = world.messages.length;
    const first = await actions().rollAttack(shooter, shooter.items[0], { targets: group });
    await world.socketToGM();
    const cards = world.messages.slice(before);
    expect(cards.map((m: any) => m.type)).toEqual(["tales-attack", "tales-attack", "tales-attack"]);
    expect(first).toBe(cards[0]);
    expect(cards.map((m: any) => m.system.card.target.name)).toEqual(["Ann", "Ben", "Cat"]);
    for (const m of cards) {
      expect(m.system.card.attack).toEqual({
        bonus: 6,
        face: 5,
        ranged: true,
        band: "close",
        aim: 0,
        autoBullets: 0,
        clumsy: false,
        sprayVictims: 3,
      });
      expect(m.rolls[0].dice[0].results[0].result).toBe(5);
    }
    expect(world.render(cards[0]).textContent).toContain("Spray at 3 targets");
    // Ann is hit (6 + 5 = 11 against close 3 + 2 = 5, by 6: two shifts); the player rolls the damage.
    world.as(world.users.gm);
    world.queueFaces([2]);
    expect(await world.press(cards[0], 'button[data-pv-action="tales.attack.defend"]')).toBe(true);
    expect(cards[0].system.card.defence).toMatchObject({ hit: true, margin: 6, shifts: 2 });
    world.as(world.users.player);
    world.queueFaces([5, 1, 1]);
    expect(await world.press(cards[0], 'button[data-pv-action="tales.attack.damage"]')).toBe(true);
    await world.socketToGM();
    await flush();
    const damage = world.messages.find((m: any) => m.id === cards[0].system.card.damageMessageId);
    expect(damage.system.card).toMatchObject({ strength: 6, attack: { sprayVictims: 3 } });
    // The others defend on their own cards.
    expect(cards[1].system.card.defence).toBeNull();
    expect(warnings()).toEqual([]);
  });

  it("hostile: the victims edited after posting are refused; a Spray forged for a weapon without it deals nothing", async () => {
    const { shooter, group } = await spray();
    world.as(world.users.player);
    world.queueFaces([6]);
    const before = world.messages.length;
    await actions().rollAttack(shooter, shooter.items[0], { targets: group });
    await world.socketToGM();
    const [ann] = world.messages.slice(before);
    world.as(world.users.player);
    await ann.update({ "system.card.attack.sprayVictims": 1 });
    world.as(world.users.gm);
    await world.press(ann, 'button[data-pv-action="tales.attack.defend"]');
    expect(ann.system.card.defence).toBeNull();
    expect(warnings()).toEqual([text("POLYVERSE.Relay.CardChanged")]);
    // A player's card claiming three victims for a sword: recorded as posted, but the GM reads the
    // weapon, which has no Spray: no damage follows the hit.
    world.recorder.notifications.length = 0;
    const swordsman = world.character(
      "Swordsman",
      { attributes: { physical: 3 }, skills: { melee: 2 } },
      [{ name: "Sword", type: "tales-weapon", system: { damage: 6, skill: "melee", equipped: true } }],
      world.users.player.id,
    );
    world.as(world.users.player);
    const roll = new g.foundry.dice.Roll("1d6");
    roll._faces = [6];
    roll._evaluated = true;
    const forged = await g.ChatMessage.create({
      type: "tales-attack",
      system: {
        card: {
          attacker: { actorUuid: swordsman.uuid, name: "Swordsman" },
          weapon: { itemUuid: swordsman.items[0].uuid, name: "Sword" },
          target: { actorUuid: group[1].uuid, name: "Ben" },
          attack: {
            bonus: 5,
            face: 6,
            ranged: false,
            band: null,
            aim: 0,
            autoBullets: 0,
            clumsy: false,
            sprayVictims: 3,
          },
          defence: null,
          damageMessageId: null,
        },
      },
      speaker: { actor: swordsman.id },
      rolls: [roll],
    });
    await world.socketToGM();
    world.as(world.users.gm);
    world.queueFaces([1]);
    await world.press(forged, 'button[data-pv-action="tales.attack.defend"]');
    expect(forged.system.card.defence).toMatchObject({ hit: true });
    world.as(world.users.player);
    await world.press(forged, 'button[data-pv-action="tales.attack.damage"]');
    await world.socketToGM();
    await flush();
    expect(forged.system.card.damageMessageId).toBeNull();
    expect(warnings()).toContain(text("POLYVERSE.Tales.Combat.Attack.Refused.NoDamage"));
  });
});
