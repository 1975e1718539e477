// Speed of the Tales test odds that the roll dialog recomputes on every input change.
// Target: one call well under a millisecond (36 resolved face pairs for one die against one);
// the heaviest real case (Skill Expert's two dice, a re-roll, Edge, an opponent with two dice)
// stays well under a few milliseconds. No timed test asserts it.
import { bench, describe } from "vitest";
import { degreeOdds, testOdds } from "../src/rulesets/tales/rules/odds";

describe("tales odds", () => {
  let difficulty = 3;
  bench("static, one die", () => {
    difficulty = (difficulty % 18) + 1;
    testOdds({ kind: "static", bonus: 5, difficulty, spendEssence: true });
  });
  bench("dynamic, one die against one, degrees", () => {
    difficulty = (difficulty % 18) + 1;
    degreeOdds({ kind: "dynamic", bonus: 5, difficulty, spendEssence: true, boost: 1 });
  });
  bench("dynamic against Enigma's two dice, Skill Expert, a re-roll, Edge", () => {
    difficulty = (difficulty % 18) + 1;
    testOdds({
      kind: "dynamic",
      bonus: 5,
      difficulty,
      dice: 2,
      difficultyDice: 2,
      rerolls: 1,
      edge: true,
      spendEssence: true,
    });
  });
  bench("opposed, two dice against two, re-rolled ties, both sides' Essence", () => {
    difficulty = (difficulty % 18) + 1;
    degreeOdds({
      kind: "opposed",
      bonus: 5,
      opponentBonus: difficulty - 6,
      dice: 2,
      opponentDice: 2,
      tieRule: "reroll",
      spendEssence: true,
      opponentSpendEssence: true,
      rerolls: 1,
    });
  });
});
