// The Virtually Real combat glue's Foundry-free parts: the attack card's shape and what it shows each
// reader (combat/attack-card-logic.ts), combat XP at a combat's end (combat/combat-xp-logic.ts: "A major
// wound grants 2 XP, serious 4 XP, and critical wounds 8 XP"; "No more than 1 XP may be placed into any
// skill in any given scene"; "If you don't have enough eligible combat skills, then the remaining XP is
// forfeit"), and the turn order (combat/initiative-logic.ts: the Guilt adrenaline box's "At Next" is
// Initiative, and it heals to G).
import { describe, expect, it } from "vitest";
import {
  ATTACK_BUTTONS,
  attackCardContext,
  attackCardProblems,
  isFresh,
  newAttackCard,
  type AttackCard,
  type AttackViewer,
} from "../../src/rulesets/virtually-real/combat/attack-card-logic";
import {
  checkedPicks,
  combatXPCardProblems,
  combatXPContext,
  defaultPicks,
  recordFight,
  xpRow,
  type FightRecord,
} from "../../src/rulesets/virtually-real/combat/combat-xp-logic";
import {
  afterInitiative,
  compareInitiative,
  initiativeFormula,
} from "../../src/rulesets/virtually-real/combat/initiative-logic";

const localize = (key: string, data: Record<string, string> = {}) =>
  Object.keys(data).length ? `${key}${JSON.stringify(data)}` : key;
const A = "POLYVERSE.VirtuallyReal.Combat.Attack";

const card = (more: Partial<AttackCard> = {}): AttackCard => ({
  ...newAttackCard({
    attacker: { actorUuid: "Actor.ada", name: "Ada" },
    target: { actorUuid: "Actor.bo", name: "Bo" },
    checkMessageId: "msg0000000000001",
    skill: { itemId: "sword", name: "Sword" },
    weapon: { itemId: "blade", name: "Blade" },
  }),
  ...more,
});
const viewer = (more: Partial<AttackViewer> = {}): AttackViewer => ({
  gm: false,
  targetOwner: false,
  attackerOwner: false,
  check: { total: 15, critical: false, diceNeeded: 0 },
  parrySkills: [],
  dying: false,
  ...more,
});

describe("the attack card's shape", () => {
  it("a new card is fresh and well formed", () => {
    expect(attackCardProblems(card())).toEqual([]);
    expect(isFresh(card())).toBe(true);
    expect(isFresh(card({ attack: { total: 15, critical: false } }))).toBe(false);
  });

  it("refuses unknown defences, out-of-range numbers and marks that are not the rules' keys", () => {
    const bad = card({
      defence: {
        kind: "block" as never,
        messageId: "",
        total: 9,
        critical: false,
        skillId: "",
        skillName: "",
      },
      outcome: { hit: true, criticalMiss: false, margin: 6, damage: -1, band: "grazed" as never },
      applied: {
        band: "serious",
        hpBefore: 12,
        hpAfter: 6,
        added: [{ severity: "deadly" } as never],
        overflow: false,
        xAdded: 9,
        adrenalineAdded: 0,
        fearSet: false,
        highestBefore: "none",
        highestAfter: "serious",
      },
    });
    const problems = attackCardProblems(bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        "defence.kind is not a known value",
        "outcome.damage must be a whole number from 0 to 9999",
        "outcome.band is not a known value",
        "applied.added.severity is not a known value",
        "applied.xAdded must be a whole number from 0 to 3",
      ]),
    );
    expect(attackCardProblems("card")).toEqual(["the card must be an object"]);
  });
});

describe("what the attack card shows", () => {
  it("the target's owner sees Dodge and Evade (Agility), a parry per combat skill, and no defence", () => {
    const ctx = attackCardContext(
      card(),
      viewer({ targetOwner: true, parrySkills: [{ id: "staff", name: "Staff" }] }),
      localize,
    );
    expect(ctx.defend.map((b) => b.data)).toEqual([
      { defence: "dodge" },
      { defence: "evade" },
      { defence: "parry", skill: "staff" },
      { defence: "none" },
    ]);
    expect(ctx.defend[0]!.label).toContain(`${A}.Declare.Agility`);
    expect(ctx.attack).toBe(`${A}.AttackTotal{"total":"15"}`);
    expect(ctx.waiting).toBe(`${A}.WaitDefence{"target":"Bo"}`);
  });

  it("a mental attack is dodged and evaded by Logic, never parried", () => {
    const ctx = attackCardContext(
      card({ mental: true }),
      viewer({ targetOwner: true, parrySkills: [{ id: "staff", name: "Staff" }] }),
      localize,
    );
    expect(ctx.defend.map((b) => b.data?.defence)).toEqual(["dodge", "evade", "none"]);
    expect(ctx.defend[1]!.label).toContain(`${A}.Declare.Logic`);
  });

  it("a defence may be declared while a brilliant's explosion is still to roll; none against a critical attack", async () => {
    const waiting = attackCardContext(
      card(),
      viewer({ targetOwner: true, check: { total: 12, critical: false, diceNeeded: 1 } }),
      localize,
    );
    expect(waiting.defend.map((b) => b.data?.defence)).toEqual(["dodge", "evade", "none"]);
    expect(waiting.waiting).toBe(`${A}.WaitExplosion`);
    const declared = attackCardContext(
      card({
        defence: { kind: "none", messageId: "", total: 0, critical: false, skillId: "", skillName: "" },
      }),
      viewer({ targetOwner: true, gm: true, check: { total: 12, critical: false, diceNeeded: 1 } }),
      localize,
    );
    expect(declared.defend).toEqual([]);
    expect(declared.resolve?.action).toBe(ATTACK_BUTTONS.resolve);
    const critical = attackCardContext(
      card(),
      viewer({ targetOwner: true, gm: true, check: { total: 0, critical: true, diceNeeded: 0 } }),
      localize,
    );
    expect(critical.defend).toEqual([]);
    expect(critical.resolve?.action).toBe(ATTACK_BUTTONS.resolve);
  });

  it("others see neither the defence buttons nor Undo; Apply is the target's owner's or the attacker's", () => {
    const hit = card({
      attack: { total: 15, critical: false },
      defence: {
        kind: "dodge",
        messageId: "def0000000000001",
        total: 9,
        critical: false,
        skillId: "",
        skillName: "",
      },
      outcome: { hit: true, criticalMiss: false, margin: 6, damage: 6, band: "serious" },
    });
    const stranger = attackCardContext(hit, viewer(), localize);
    expect([stranger.defend, stranger.apply, stranger.undo]).toEqual([[], null, null]);
    expect(attackCardContext(hit, viewer({ attackerOwner: true }), localize).apply?.action).toBe(
      ATTACK_BUTTONS.apply,
    );
    expect(stranger.outcome).toBe(`${A}.Hit{"damage":"6","band":"${A}.Band.serious"}`);
    expect(stranger.maneuver).toBe(`${A}.Maneuver`);
    expect(stranger.defence).toBe(
      `${A}.Defence.Total{"defence":"${A}.Defence.dodge{\\"skill\\":\\"\\"}","total":"9"}`,
    );
  });

  it("once applied: the blow's lines, Undo for the target's owner, and a save while Dying when an X was taken", () => {
    const applied = card({
      attack: { total: 15, critical: false },
      defence: { kind: "none", messageId: "", total: 0, critical: false, skillId: "", skillName: "" },
      outcome: { hit: true, criticalMiss: false, margin: 15, damage: 15, band: "critical" },
      applied: {
        band: "critical",
        hpBefore: 12,
        hpAfter: -3,
        added: [],
        overflow: false,
        xAdded: 2,
        adrenalineAdded: 3,
        fearSet: true,
        highestBefore: "none",
        highestAfter: "critical",
      },
    });
    const ctx = attackCardContext(applied, viewer({ targetOwner: true, dying: true }), localize);
    expect(ctx.applied).toEqual([
      `${A}.Applied.HP{"before":"12","after":"-3"}`,
      `${A}.Applied.X{"count":"2"}`,
      `${A}.Applied.Adrenaline{"count":"3"}`,
    ]);
    expect(ctx.undo?.action).toBe(ATTACK_BUTTONS.undo);
    expect(ctx.dying?.action).toBe(ATTACK_BUTTONS.dying);
    expect(ctx.apply).toBeNull();
  });

  it("a tie hits for nothing: no wound to apply", () => {
    const tie = card({
      attack: { total: 9, critical: false },
      defence: {
        kind: "dodge",
        messageId: "def0000000000001",
        total: 9,
        critical: false,
        skillId: "",
        skillName: "",
      },
      outcome: { hit: true, criticalMiss: false, margin: 0, damage: 0, band: "none" },
    });
    const ctx = attackCardContext(tie, viewer({ targetOwner: true }), localize);
    expect(ctx.outcome).toBe(`${A}.HitNoDamage`);
    expect(ctx.apply).toBeNull();
  });

  it("a refused card shows why and offers nothing", () => {
    const ctx = attackCardContext(
      card({ refused: { key: `${A}.Refused.CheckChanged` } }),
      viewer({ targetOwner: true, gm: true }),
      localize,
    );
    expect(ctx.refused).toBe(`${A}.Refused.CheckChanged`);
    expect([ctx.defend, ctx.apply, ctx.resolve]).toEqual([[], null, null]);
  });
});

describe("combat XP at the combat's end", () => {
  const skills = {
    skills: [
      { id: "sword", name: "Sword", combat: true },
      { id: "shield", name: "Shield", combat: true },
      { id: "chainmail", name: "Chainmail", combat: true },
      { id: "cooking", name: "Cooking", combat: false },
    ],
    worn: ["Chainmail"],
  };
  const fought = (wound: FightRecord["highestWound"], used: string[]): FightRecord => ({
    actorUuid: "Actor.ada",
    name: "Ada",
    highestWound: wound,
    used,
  });

  it("a major wound gives 2 XP, serious 4, critical 8; minor wounds none (the scene counts as practice)", () => {
    expect(
      ["minor", "major", "serious", "critical"].map((w) => xpRow(fought(w as never, []), skills).xp),
    ).toEqual([0, 2, 4, 8]);
  });

  it("the skills: those used in attacks and parries (combat skills only), then the armor worn", () => {
    const row = xpRow(fought("serious", ["sword", "cooking", "sword"]), skills);
    expect(row.candidates).toEqual([
      { id: "sword", name: "Sword", used: true },
      { id: "chainmail", name: "Chainmail", used: false },
    ]);
    expect(defaultPicks(row)).toEqual(["sword", "chainmail"]);
  });

  it("at most 1 XP a skill, only skills of the row, no more skills than XP", () => {
    const row = xpRow(fought("major", ["sword", "shield"]), skills);
    expect(checkedPicks(row, ["sword"])).toEqual(["sword"]);
    expect(checkedPicks(row, ["sword", "sword"])).toBeNull();
    expect(checkedPicks(row, ["cooking"])).toBeNull();
    expect(
      checkedPicks(
        { ...row, xp: 2, candidates: [...row.candidates, { id: "chainmail", name: "C", used: false }] },
        ["sword", "shield", "chainmail"],
      ),
    ).toBeNull();
    expect(checkedPicks({ ...row, taken: [] }, ["sword"])).toBeNull();
  });

  it("folds blows into the worst wound and uses into skills, each once", () => {
    const records = new Map<string, FightRecord>();
    const ada = { actorUuid: "Actor.ada", name: "Ada" };
    recordFight(records, ada, { wound: "serious" });
    recordFight(records, ada, { wound: "major", skill: "sword" });
    recordFight(records, ada, { skill: "sword" });
    expect(records.get("Actor.ada")).toEqual({ ...ada, highestWound: "serious", used: ["sword"] });
  });

  it("the card: 8 XP with only one eligible skill forfeits 7; the owner's button until taken", () => {
    const row = xpRow(fought("critical", ["sword"]), { skills: skills.skills, worn: [] });
    const cardState = { combatId: "combat0000000001", rows: [row] };
    expect(combatXPCardProblems(cardState)).toEqual([]);
    const ctx = combatXPContext(cardState, () => true, localize);
    expect(ctx.rows[0]!.forfeit).toBe('POLYVERSE.VirtuallyReal.Combat.XP.Forfeit{"xp":"7"}');
    expect(ctx.rows[0]!.take?.row).toBe("0");
    const taken = combatXPContext(
      { ...cardState, rows: [{ ...row, taken: ["sword"] }] },
      () => true,
      localize,
    );
    expect(taken.rows[0]!.take).toBeNull();
    expect(taken.rows[0]!.taken).toBe('POLYVERSE.VirtuallyReal.Combat.XP.Taken{"skills":"Sword"}');
    expect(combatXPCardProblems({ combatId: "c", rows: [{ ...row, xp: 3 }] })).toEqual([
      "row.xp is not a known value",
    ]);
  });
});

describe("the turn order", () => {
  it("highest first, then by name; not rolled last", () => {
    const order = [
      { initiative: 7, name: "Cy" },
      { initiative: null, name: "Al" },
      { initiative: 9, name: "Bo" },
      { initiative: 7, name: "Ax" },
    ].sort(compareInitiative);
    expect(order.map((e) => e.name)).toEqual(["Bo", "Ax", "Cy", "Al"]);
  });

  it("Reflex [1] with a ready weapon's [I] box of +3: 1d6 + 3; Basic Combat Training at primary makes it 2d6", () => {
    const base = { attrCapacity: 1, level: 3, advantage: 0, disadvantage: 0, critMod: 0 };
    expect(initiativeFormula({ ...base, saveCapacity: 1 })).toBe("1d6 + 3");
    expect(initiativeFormula({ ...base, attrCapacity: 2, saveCapacity: 2, level: -1 })).toBe("2d6 - 1");
  });

  it("the Guilt adrenaline box lasts until the next initiative, then heals to G (serious, long rest)", () => {
    const guilt = {
      severity: "critical" as const,
      group: "emotional" as const,
      target: "guilt" as const,
      side: "wound" as const,
      id: "guiltRush" as const,
      letter: "",
      atNext: "initiative" as const,
    };
    expect(afterInitiative([guilt])).toEqual([
      { ...guilt, severity: "serious", id: "G", letter: "G", atNext: "longRest" },
    ]);
    expect(afterInitiative([{ ...guilt, atNext: "scene" }])).toBeNull();
  });
});
