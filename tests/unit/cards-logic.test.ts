// Chat cards as typed data (issue #12), without Foundry: where a card's state is read and written
// (a typed card's `system.card`, an older card's flag), and what the 'Verses cards' models accept.
import { describe, expect, it } from "vitest";
import { cardField, cardState, fieldPath, statePath, wholeIn } from "../../src/core/cards-logic";
import {
  ATTACK_CARD,
  NOTE_CARD,
  SPECIAL_CARD,
  attackCardProblems,
  noteCardProblems,
  specialCardProblems,
} from "../../src/rulesets/verses/data/messages-logic";
import { card, row } from "../lib/verses-attack-cards";

describe("a card's state: system.card of its sub-type, or an older card's flag", () => {
  const state = { kind: "move" };
  it("a typed card is read from system.card and written there", () => {
    const typed = {
      type: "verses-note",
      system: { card: state },
      flags: { polyverse: { combatNote: { kind: "x" } } },
    };
    expect(cardState(typed, NOTE_CARD)).toEqual(state);
    expect(statePath(typed, NOTE_CARD)).toBe("system.card");
    expect(fieldPath(typed, NOTE_CARD, "learned")).toBe("system.learned");
  });
  it("an older (base) card is read from flags.polyverse.<flag> and written there", () => {
    const old = { type: "base", system: {}, flags: { polyverse: { combatNote: state, learned: true } } };
    expect(cardState(old, NOTE_CARD)).toEqual(state);
    expect(statePath(old, NOTE_CARD)).toBe("flags.polyverse.combatNote");
    expect(cardField(old, NOTE_CARD, "learned")).toBe(true);
  });
  it("a message of another sub-type, or without the state, is no card of this kind", () => {
    expect(cardState({ type: "verses-attack", system: { card: state } }, NOTE_CARD)).toBeNull();
    expect(
      cardState({ type: "verses-other", flags: { polyverse: { combatNote: state } } }, NOTE_CARD),
    ).toBeNull();
    expect(cardState({ type: "base", flags: { polyverse: { combatNote: [1] } } }, NOTE_CARD)).toBeNull();
    expect(cardState({ type: "verses-note", system: { card: "text" } }, NOTE_CARD)).toBeNull();
  });
  it("whole numbers within bounds", () => {
    expect(wholeIn(3, 0, 5)).toBe(true);
    expect([wholeIn(6, 0, 5), wholeIn(-1, 0, 5), wholeIn(1.5, 0, 5), wholeIn("2", 0, 5)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("what the 'Verses cards' models accept", () => {
  it("an attack card as posted passes; unknown kinds, impossible dice and unbounded numbers do not", () => {
    expect(attackCardProblems(card())).toEqual([]);
    expect(attackCardProblems(card({ mode: "nuke" as never }))).toEqual(["mode is not a known value"]);
    expect(attackCardProblems(card({ faces: [7] })).join()).toMatch(/faces\[0\]/);
    expect(attackCardProblems(card({ ad: -1 })).join()).toMatch(/^ad /);
    expect(attackCardProblems(card({ targets: Array.from({ length: 101 }, () => row()) })).join()).toMatch(
      /targets/,
    );
    const defence = { kind: "block", faces: [6], ad: 1, messageId: null } as never;
    expect(attackCardProblems(card({ targets: [row({ defence })] })).join()).toMatch(/defence\.kind/);
    expect(attackCardProblems(null)).toHaveLength(1);
  });
  it("a special test's card: known kind and outcome, text lines", () => {
    const special = {
      kind: "rest",
      title: { key: "T" },
      headline: { key: "H", data: { n: 2 } },
      sides: [{ name: "Anders" }],
      outcome: "success",
      lines: [{ key: "L" }],
    };
    expect(specialCardProblems(special)).toEqual([]);
    expect(specialCardProblems({ ...special, kind: "teleport" })).toEqual(["kind is not a known value"]);
    expect(specialCardProblems({ ...special, lines: [{ key: "L", data: { x: {} } }] }).join()).toMatch(
      /lines\[0\]/,
    );
  });
  it("a combat note: known kind, text lines, a rest's AD a whole number", () => {
    const note = { kind: "rest", title: { key: "T" }, lines: [], restAD: 2 };
    expect(noteCardProblems(note)).toEqual([]);
    expect(noteCardProblems({ ...note, restAD: -2 }).join()).toMatch(/restAD/);
    expect(noteCardProblems({ ...note, kind: "fly" })).toEqual(["kind is not a known value"]);
  });
  it("each kind has its sub-type and the flag of its older cards", () => {
    expect([ATTACK_CARD, SPECIAL_CARD, NOTE_CARD]).toEqual([
      { type: "verses-attack", flag: "attack" },
      { type: "verses-special", flag: "special" },
      { type: "verses-note", flag: "combatNote" },
    ]);
  });
});
