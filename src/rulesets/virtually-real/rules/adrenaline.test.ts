import { describe, expect, it } from "vitest";
import {
  AGGRESSIVE_SKILLS,
  DEFENSIVE_SKILLS,
  addAdrenalResponse,
  adrenalineDice,
  adrenalineFades,
  aggressiveResult,
  aggressiveSaveDice,
  defendIntimacy,
  type AdrenalineState,
} from "./adrenaline";

const rush: AdrenalineState = { level: 2, aggressive: false };

describe("the defensive adrenal response", () => {
  it("the defensive and aggressive skills", () => {
    expect(DEFENSIVE_SKILLS).toEqual(["sprint", "perception", "deception", "will"]);
    expect(AGGRESSIVE_SKILLS).toEqual(["strength", "primalSurge", "authority", "deception"]);
  });
  it("its level as advantages on emotional saves and defensive uses; 1 disadvantage on everything else", () => {
    expect(adrenalineDice(rush, { emotionalSave: true })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(adrenalineDice(rush, { skill: "sprint", use: "defensive" })).toEqual({
      advantage: 2,
      disadvantage: 0,
    });
    expect(adrenalineDice(rush, { skill: "deception", use: "defensive" })).toEqual({
      advantage: 2,
      disadvantage: 0,
    });
    expect(adrenalineDice(rush, { skill: "sprint", use: "aggressive" })).toEqual({
      advantage: 0,
      disadvantage: 1,
    });
    expect(adrenalineDice(rush, { skill: "diplomacy" })).toEqual({ advantage: 0, disadvantage: 1 });
    expect(adrenalineDice({ level: 0, aggressive: false }, { skill: "diplomacy" })).toEqual({
      advantage: 0,
      disadvantage: 0,
    });
  });
  it("more responses raise the number, not the penalty; Fear helps Sprint", () => {
    const more = addAdrenalResponse(rush, 1, true);
    expect(more).toEqual({ level: 3, aggressive: false, fear: true });
    expect(adrenalineDice(more, { skill: "diplomacy" })).toEqual({ advantage: 0, disadvantage: 1 });
    expect(adrenalineDice(more, { skill: "sprint" })).toEqual({ advantage: 3, disadvantage: 0 });
  });
});

describe("the aggressive adrenal response", () => {
  const angry: AdrenalineState = { level: 2, aggressive: true };
  it("the level goes to the aggressive skills, aggressive uses and aggressive actions", () => {
    expect(adrenalineDice(angry, { skill: "authority" })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(adrenalineDice(angry, { skill: "sprint", use: "aggressive" })).toEqual({
      advantage: 2,
      disadvantage: 0,
    });
    expect(adrenalineDice(angry, { aggressiveAction: true })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(adrenalineDice(angry, { skill: "sprint", use: "defensive" })).toEqual({
      advantage: 0,
      disadvantage: 1,
    });
    expect(adrenalineDice(angry, { emotionalSave: true })).toEqual({ advantage: 2, disadvantage: 0 });
  });
  it("the self-save bypasses your armor; the rush helps", () =>
    expect(aggressiveSaveDice(rush)).toEqual({ advantage: 2, bypassArmor: true }));
  it("failure: a Mind action lost and a delay", () =>
    expect(aggressiveResult(rush, { margin: -1, critical: false })).toMatchObject({
      aggressive: false,
      darkness: 0,
      mindActionLost: true,
      delayed: true,
    }));
  it("minor success: aggressive for a Darkness point, but a Mind action of self-talk and no offense", () =>
    expect(aggressiveResult(rush, { margin: 2, critical: false })).toEqual({
      aggressive: true,
      level: 2,
      darkness: 1,
      primalSurge: 2,
      mindActionLost: true,
      keepsOffense: false,
      delayed: false,
    }));
  it("major (3+): at once, offense kept; serious (6+): the effect bonus joins the level", () => {
    expect(aggressiveResult(rush, { margin: 3, critical: false })).toMatchObject({
      level: 2,
      mindActionLost: false,
      keepsOffense: true,
    });
    expect(aggressiveResult(rush, { margin: 6, critical: false })).toMatchObject({
      level: 3,
      primalSurge: 3,
    });
    expect(aggressiveResult(rush, { margin: 10, critical: false })).toMatchObject({ level: 4 });
  });
  it("the scene ends: an Endurance point, and Winded becomes Tired", () => {
    expect(adrenalineFades(3, false)).toEqual({ endurance: 2, tired: false });
    expect(adrenalineFades(0, true)).toEqual({ endurance: 0, tired: true });
  });
});

describe("defending an intimacy", () => {
  it("its level in the target's Armor box for the scene: dice on every emotional target's skills and initiative, no penalty", () => {
    const r = defendIntimacy({ level: 0, aggressive: false }, "isolation", "inner");
    expect(r).toEqual({
      state: { level: 0, aggressive: false, heroic: 2 },
      target: "isolation",
      armor: 2,
      newWave: true,
      lasts: "scene",
    });
    expect(adrenalineDice(r.state, { skill: "faith" })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(adrenalineDice(r.state, { initiative: true })).toEqual({ advantage: 2, disadvantage: 0 });
    expect(adrenalineDice(r.state, { skill: "diplomacy" })).toEqual({ advantage: 0, disadvantage: 0 });
  });
});
