// Speed of the Maelstrom odds that the roll dialog recomputes on every input change.
// Target: pool 10 with exploding tens well under a few milliseconds even uncached; pool 100 stays
// in milliseconds (no timed test asserts it). "cold" clears every cache first (a new difficulty);
// "warm" re-asks with a new threshold, which reuses the cached powers of one die.
import { bench, describe } from "vitest";
import { clearOddsCache, netDistribution, outcomeOdds } from "../src/rulesets/maelstrom/rules/odds";

for (const specialty of [false, true]) {
  describe(`maelstrom odds, ${specialty ? "exploding tens" : "no explosions"}`, () => {
    for (const pool of [5, 10, 30, 100]) {
      bench(`pool ${pool}, cold (difficulty 2, the longest bonus tail)`, () => {
        clearOddsCache();
        outcomeOdds({ pool, difficulty: 2, specialty });
      });
      let threshold = 0;
      bench(`pool ${pool}, warm (new threshold each call, netDistribution)`, () => {
        threshold = (threshold + 1) % 2000;
        netDistribution({ pool, difficulty: 6, threshold, specialty });
      });
    }
  });
}
