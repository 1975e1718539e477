// Virtually Real's fight, the GM's numbers chapter 1 leaves to chapters not included, Foundry-free:
// - L478 "You always take a Maneuver penalty after using one of these defenses" (Dodge & Evade): the
//   world setting `maneuverPenalty` (0 noted only, or 1-3 disadvantage dice on the defender's next
//   roll), what stands (base/maneuver-logic.ts), the check's line (rolls), what the GM holds a card to
//   (rolls/maneuver-logic.ts) and what ends it (combat/maneuver-logic.ts), the attack card's line;
// - L422 "You will mark the letter for the duration of the condition in a box, as D for Day": the
//   settings `majorWoundDuration` and `seriousWoundDuration`, the letter Apply writes (attack-logic.ts),
//   and "When a condition expires, the wound drops in severity" at that time.
import { describe, expect, it } from "vitest";
import {
  MAX_MANEUVERS,
  maneuversOfCombat,
  readManeuverState,
  standingManeuver,
  withManeuver,
  withoutManeuvers,
  type ManeuverEntry,
} from "../../src/rulesets/virtually-real/base/maneuver-logic";
import {
  VIRTUALLY_REAL_SETTINGS,
  defaultVirtuallyRealSettings,
  rulesOptions,
} from "../../src/rulesets/virtually-real/base/settings-logic";
import { validSettingValue } from "../../src/core/settings-logic";
import { buildCheck } from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import {
  MANEUVER_LINE,
  claimedManeuver,
  maneuverToCheck,
} from "../../src/rulesets/virtually-real/rolls/maneuver-logic";
import { maneuverEndedBy, turnMoved } from "../../src/rulesets/virtually-real/combat/maneuver-logic";
import { planApply, planUndo, type VictimState } from "../../src/rulesets/virtually-real/combat/attack-logic";
import {
  attackCardContext,
  attackCardProblems,
  isFresh,
  newAttackCard,
  type AttackCard,
} from "../../src/rulesets/virtually-real/combat/attack-card-logic";
import { expireConditions } from "../../src/rulesets/virtually-real/rules";
import { conditionMark, type StoredCondition } from "../../src/rulesets/virtually-real/data/living-logic";
import { plainActor } from "../lib/virtually-real-roll-examples";
import { healConditions } from "../../src/rulesets/virtually-real/documents/scene-logic";
import { boxLetter } from "../../src/rulesets/virtually-real/sheets/actor-tabs/conditions";

const ATTACK = "attackCard000001";
const entry = (more: Partial<ManeuverEntry> = {}): ManeuverEntry => ({
  dice: 2,
  after: "dodge",
  attack: ATTACK,
  combat: "combatVR00000001",
  t: 1000,
  ...more,
});

describe("the settings: the GM's numbers, 'not in chapter 1'", () => {
  it("default to today's behaviour: the penalty noted only, wounds with no duration (the GM sets it)", () => {
    const o = rulesOptions(defaultVirtuallyRealSettings());
    expect(o.fight).toEqual({ maneuverDice: 0, woundDurations: { major: null, serious: null } });
  });

  it("pass a GM's choice on: 2 dice, a major wound until the next scene, a serious one for a day ('D for Day')", () => {
    const o = rulesOptions({
      ...defaultVirtuallyRealSettings(),
      maneuverPenalty: "2",
      majorWoundDuration: "scene",
      seriousWoundDuration: "day",
    });
    expect(o.fight).toEqual({ maneuverDice: 2, woundDurations: { major: "scene", serious: "day" } });
  });

  it("offer 0 to 3 dice and the conditions tables' durations, nothing else", () => {
    for (const v of ["0", "1", "2", "3"])
      expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.maneuverPenalty, v)).toBe(true);
    for (const v of ["4", 2, "-1"])
      expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.maneuverPenalty, v)).toBe(false);
    for (const v of ["gm", "initiative", "scene", "shortRest", "longRest", "day", "chapter"])
      expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.majorWoundDuration, v)).toBe(true);
    expect(validSettingValue(VIRTUALLY_REAL_SETTINGS.seriousWoundDuration, "week")).toBe(false);
  });
});

describe("what stands: one penalty per defender, read strictly", () => {
  it("a stored penalty is read back; a forged or broken one reads as none", () => {
    const state = readManeuverState({
      "Actor.ada": entry(),
      "Actor.bo": { ...entry(), dice: 4 },
      "Actor.cy": { ...entry(), dice: 0 },
      "Actor.di": { ...entry(), after: "parry" },
      "Actor.ed": { ...entry(), attack: "<img src=x>" },
      "Actor.fi": "2",
    });
    expect(Object.keys(state)).toEqual(["Actor.ada"]);
    expect(standingManeuver(state, "Actor.ada")).toEqual(entry());
    expect(standingManeuver(state, "Actor.bo")).toBeNull();
    expect(readManeuverState(null)).toEqual({});
    expect(readManeuverState([entry()])).toEqual({});
  });

  it("a second defence replaces the penalty standing (they do not stack); clearing one leaves the others", () => {
    let state = withManeuver({}, "Actor.ada", entry({ dice: 1, after: "evade" }));
    state = withManeuver(state, "Actor.ada", entry({ dice: 3, t: 2000 }));
    state = withManeuver(state, "Actor.bo", entry({ combat: "" }));
    expect(standingManeuver(state, "Actor.ada")).toMatchObject({ dice: 3, after: "dodge" });
    expect(maneuversOfCombat(state, "combatVR00000001")).toEqual(["Actor.ada"]);
    const cleared = withoutManeuvers(state, ["Actor.ada"]);
    expect(Object.keys(cleared)).toEqual(["Actor.bo"]);
    expect(withoutManeuvers(cleared, ["Actor.ada"])).toBe(cleared);
  });

  it("keeps at most the newest MAX_MANEUVERS penalties", () => {
    let state = {};
    for (let i = 0; i <= MAX_MANEUVERS; i++) state = withManeuver(state, `Actor.a${i}`, entry({ t: i }));
    expect(Object.keys(state)).toHaveLength(MAX_MANEUVERS);
    expect(standingManeuver(state, "Actor.a0")).toBeNull();
    expect(standingManeuver(state, `Actor.a${MAX_MANEUVERS}`)).not.toBeNull();
  });
});

describe("the check: a line of disadvantage dice on the defender's next roll", () => {
  const defender = plainActor({ maneuver: { dice: 2, after: "dodge" } });

  it("a Dodge ([2], Agility) after a dodge takes 2 disadvantage dice, shown as their own line", () => {
    const built = buildCheck(defender, { kind: "save", save: "dodge" });
    const plain = buildCheck(plainActor(), { kind: "save", save: "dodge" });
    expect(built.input.disadvantage).toBe(plain.input.disadvantage + 2);
    expect(built.lines).toContainEqual({
      key: MANEUVER_LINE,
      data: { source: "POLYVERSE.VirtuallyReal.Fight.After.dodge" },
      advantage: 0,
      disadvantage: 2,
      critMod: 0,
    });
  });

  it("any other roll takes it too (a skill check), but not the Initiative save: the next initiative clears it", () => {
    const actor = plainActor({
      maneuver: { dice: 1, after: "evade" },
      skills: [
        {
          id: "swords",
          name: "Swords",
          capacity: 2,
          attribute: "agility",
          level: 4,
          underlines: 0,
          ref: null,
          combat: true,
        },
      ],
    });
    expect(buildCheck(actor, { kind: "skill", skillId: "swords" }).input.disadvantage).toBe(1);
    const init = buildCheck(actor, { kind: "save", save: "initiative" });
    expect(init.lines.some((l) => l.key === MANEUVER_LINE)).toBe(false);
  });

  it("the GM holds a card to the penalty standing: at least its dice; more (one cleared meanwhile) is the roller's loss", () => {
    const lines = buildCheck(defender, { kind: "save", save: "dodge" }).lines;
    expect(claimedManeuver(lines)).toEqual({ dice: 2, after: "dodge" });
    expect(maneuverToCheck({ dice: 2, after: "dodge" }, lines)).toEqual({ dice: 2, after: "dodge" });
    expect(maneuverToCheck(null, lines)).toEqual({ dice: 2, after: "dodge" });
    // A card leaving the line out, or taking fewer dice, is rebuilt with the standing penalty: it differs.
    expect(maneuverToCheck({ dice: 3, after: "evade" }, lines)).toEqual({ dice: 3, after: "evade" });
    expect(maneuverToCheck({ dice: 2, after: "dodge" }, [])).toEqual({ dice: 2, after: "dodge" });
    const forged = lines.map((l) => (l.key === MANEUVER_LINE ? { ...l, disadvantage: 9 } : l));
    expect(claimedManeuver(forged)).toBeNull();
  });
});

describe("what ends a penalty", () => {
  const lines = buildCheck(plainActor({ maneuver: { dice: 2, after: "dodge" } }), {
    kind: "save",
    save: "dodge",
  }).lines;

  it("a trusted roll that took its dice uses it; an untrusted one, or one without the line, leaves it", () => {
    expect(maneuverEndedBy(entry(), { save: "dodge", lines, extra: {}, trusted: true })).toBe("used");
    expect(maneuverEndedBy(entry(), { save: "dodge", lines, extra: {}, trusted: false })).toBeNull();
    expect(maneuverEndedBy(entry(), { save: "dodge", lines: [], extra: {}, trusted: true })).toBeNull();
    expect(
      maneuverEndedBy(entry({ dice: 3 }), { save: "dodge", lines, extra: {}, trusted: true }),
    ).toBeNull();
    expect(maneuverEndedBy(null, { save: "dodge", lines, extra: {}, trusted: true })).toBeNull();
  });

  it("the defender's next initiative (a combat's Initiative save) clears it; one rolled from the sheet does not", () => {
    const initiative = { save: "initiative", lines: [], trusted: true, inCombat: true };
    expect(maneuverEndedBy(entry(), { ...initiative, extra: { initiative: { combat: "c1" } } })).toBe(
      "initiative",
    );
    expect(maneuverEndedBy(entry(), { ...initiative, extra: {} })).toBeNull();
    // An Initiative save naming a combat the defender does not fight in clears nothing.
    expect(
      maneuverEndedBy(entry(), { ...initiative, inCombat: false, extra: { initiative: { combat: "c1" } } }),
    ).toBeNull();
  });

  it("a combat update ends it on a new turn or round only", () => {
    expect(turnMoved({ turn: 1 })).toBe(true);
    expect(turnMoved({ round: 2, turn: 0 })).toBe(true);
    expect(turnMoved({ flags: {} })).toBe(false);
    expect(turnMoved(null)).toBe(false);
  });
});

describe("the attack card", () => {
  const localize = (key: string, data: Record<string, string> = {}) =>
    `${key.split(".").slice(-2).join(".")}${Object.keys(data).length ? JSON.stringify(data) : ""}`;
  const viewer = {
    gm: false,
    targetOwner: false,
    attackerOwner: false,
    check: { total: 12, critical: false, diceNeeded: 0 },
    parrySkills: [],
    dying: false,
  };
  const dodged = (maneuver?: number): AttackCard => {
    const card = newAttackCard({
      attacker: { actorUuid: "Actor.brute", name: "Brute" },
      target: { actorUuid: "Actor.ada", name: "Ada" },
      checkMessageId: "check00000000001",
    });
    const out: AttackCard = {
      ...card,
      defence: {
        kind: "dodge",
        messageId: "dodge00000000001",
        total: 9,
        critical: false,
        skillId: "",
        skillName: "",
      },
    };
    if (maneuver === undefined) delete out.maneuver;
    else out.maneuver = maneuver;
    return out;
  };

  it("shows the dice the GM set on the target, or with none set (or an older card) the note that one follows", () => {
    expect(attackCardContext(dodged(2), viewer, localize).maneuver).toBe(
      'Card.Penalty{"name":"Ada","dice":"Dice.other{\\"n\\":\\"2\\"}"}',
    );
    expect(attackCardContext(dodged(0), viewer, localize).maneuver).toBe("Attack.Maneuver");
    expect(attackCardContext(dodged(), viewer, localize).maneuver).toBe("Attack.Maneuver");
    const parried = { ...dodged(2), defence: { ...dodged(2).defence!, kind: "parry" as const } };
    expect(attackCardContext(parried, viewer, localize).maneuver).toBeNull();
  });

  it("a penalty is the GM's to write: a card posted with one is not fresh; more than 3 dice break its shape", () => {
    const posted = newAttackCard({
      attacker: { actorUuid: "Actor.brute", name: "Brute" },
      target: null,
      checkMessageId: "check00000000001",
    });
    expect(isFresh(posted)).toBe(true);
    expect(isFresh({ ...posted, maneuver: 2 })).toBe(false);
    expect(attackCardProblems({ ...posted, maneuver: 3 })).toEqual([]);
    expect(attackCardProblems({ ...posted, maneuver: 4 })).not.toEqual([]);
    const { maneuver: _m, ...older } = posted;
    expect(attackCardProblems(older)).toEqual([]);
  });
});

describe("Apply: 'mark the letter for the duration of the condition in a box'", () => {
  const HUMAN = { dc: 3, maxHp: 12 };
  const fresh = (conditions: StoredCondition[] = []): VictimState => ({
    hp: 12,
    conditions,
    adrenaline: { level: 0, aggressive: false, fear: false },
    highestWound: "none",
  });
  const durations = { woundDurations: { major: "scene", serious: "day" } } as const;
  const major = (m: Partial<StoredCondition> = {}): StoredCondition => ({
    severity: "major",
    group: "physical",
    target: "",
    side: "wound",
    id: "",
    letter: "",
    atNext: "",
    ...m,
  });

  it("a major wound (3 damage on a human: 'Major wounds always begin at 3 points') takes the major duration", () => {
    const { record, after } = planApply(
      fresh(),
      { hit: true, damage: 3, band: null },
      { body: HUMAN, mental: false },
      durations,
    );
    expect(record.added).toEqual([major({ atNext: "scene" })]);
    expect(after.conditions).toEqual([major({ atNext: "scene" })]);
  });

  it("a serious wound ('Serious wounds at DC+3': 6) takes the serious duration; with none set, none (the GM's)", () => {
    const hit = { hit: true, damage: 6, band: null };
    const { record } = planApply(fresh(), hit, { body: HUMAN, mental: false }, durations);
    expect(record.added).toEqual([major({ severity: "serious", atNext: "day" })]);
    expect(planApply(fresh(), hit, { body: HUMAN, mental: false }).record.added).toEqual([
      major({ severity: "serious" }),
    ]);
  });

  it("a major wound pushed a row down by a full row ('moves to a more serious condition') lasts as a serious one", () => {
    const full = [1, 2, 3, 4].map(() => major({ atNext: "chapter" }));
    const { record } = planApply(
      fresh(full),
      { hit: true, damage: 3, band: null },
      { body: HUMAN, mental: false },
      {
        ...durations,
        conditions: { conditionBoxes: 4 },
      },
    );
    expect(record.added).toEqual([major({ severity: "serious", atNext: "day" })]);
  });

  it("a mental wound's box takes the duration too; Undo takes back exactly that box", () => {
    const { record, after } = planApply(
      fresh(),
      { hit: true, damage: 4, band: "major" },
      { body: HUMAN, mental: true },
      durations,
    );
    expect(record.added).toEqual([major({ group: "mental", atNext: "scene" })]);
    expect(planUndo(record, after, 12).conditions).toEqual([]);
  });

  it("the sheet's box shows the letter; End scene and End chapter heal the boxes whose time came", () => {
    const settings = { woundDurations: { major: "scene", serious: "chapter" } } as const;
    const body = { body: HUMAN, mental: false };
    const first = planApply(fresh(), { hit: true, damage: 3, band: null }, body, settings).after;
    const both = planApply({ ...first, hp: 12 }, { hit: true, damage: 6, band: null }, body, settings).after;
    const stored = both.conditions.map((c) => ({ ...c }));
    const letters = stored.map((c) => boxLetter(c, 0, (key) => key.split(".").at(-1)!));
    expect(letters).toEqual(["scene", "chapter"]);
    const scene = healConditions(stored, "scene");
    expect(scene.conditions).toEqual([major({ severity: "serious", atNext: "chapter" })]);
    expect(scene.healed).toEqual([{ from: "major", to: null }]);
    const chapter = healConditions(scene.conditions, "chapter");
    expect(chapter.conditions).toEqual([major()]);
    expect(chapter.healed).toEqual([{ from: "serious", to: "major" }]);
  });

  it("at that time the box heals: a major condition is gone at the scene's end, a serious one drops to major", () => {
    const marks = [major({ atNext: "scene" }), major({ severity: "serious", atNext: "day" })].map(
      conditionMark,
    );
    expect(expireConditions(marks, "scene")).toEqual([
      conditionMark(major({ severity: "serious", atNext: "day" })),
    ]);
    expect(expireConditions(marks, "day")).toEqual([
      conditionMark(major({ atNext: "scene" })),
      { ...conditionMark(major({ atNext: "day" })), atNext: null },
    ]);
  });
});
