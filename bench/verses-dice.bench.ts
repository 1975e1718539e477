// Speed of the 'Verses dice core that the roll dialog calls on every input change.
// Target: the odds for any pool up to 60 dice in well under a millisecond (no timed test asserts it).
import { bench, describe } from "vitest";
import { resolveContest, successProbability } from "../src/rulesets/verses/rules/dice";

describe("verses dice", () => {
  let n = 0;
  bench("successProbability, uncached pools 1..60 x targets 1..20", () => {
    n++;
    for (let pool = 1; pool <= 60; pool++)
      for (let target = 1; target <= 20; target++) successProbability(pool + n * 1000, target);
  });
  bench("successProbability, cached (the dialog re-asking)", () => {
    successProbability(14, 8);
  });
  const a = [6, 6, 5, 5, 4, 3, 2, 1, 6, 5, 1, 2];
  const b = [6, 5, 5, 1, 2, 3];
  bench("resolveContest, 12 dice vs 6", () => {
    resolveContest(a, b, 2);
  });
});
