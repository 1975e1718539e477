// Preparing a 'Verses character's derived data (what prepareDerivedData runs on every change).
// Target (issue #4): under 1 ms for a character with 60 items on the CI machine. Reported here,
// never asserted in a timed test.
import { bench, describe } from "vitest";
import { deriveLiving } from "../src/rulesets/verses/data/living";
import { assemblePool } from "../src/rulesets/verses/data/pools";
import { livingSource, skillSource } from "../tests/lib/verses-sources";

const source = livingSource({ attributes: { smr: 3, prw: 3, tuf: 2, soc: 2 } });
const items: { name: string; type: string; system: unknown }[] = [];
for (let i = 0; i < 30; i++) {
  items.push({
    name: `Skill ${i}`,
    type: "verses-skill",
    system: skillSource({
      skill: `Skill ${i}`,
      allocated: i % 3,
      difficulty: 1 + (i % 4),
      default:
        i % 5 === 0
          ? { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" }
          : { kind: "skill", attribute: "smr", ability: "", skill: `Skill ${i - 1}`, spec: "" },
    }),
  });
}
for (let i = 0; i < 10; i++) {
  items.push({
    name: `Ability ${i}`,
    type: "verses-ability",
    system: {
      key: ["sturdy", "painTolerance", "uncannyLuck", "multitasking"][i % 4],
      allocated: 1,
      extrinsic: false,
      exBound: 0,
    },
  });
}
for (let i = 0; i < 20; i++) {
  items.push({
    name: `Gear ${i}`,
    type: "verses-gear",
    system: { quantity: 1 + (i % 3), weight: 0.5 * i, carried: i % 4 !== 0 },
  });
}
const actor = { items, statuses: new Set(["afraid"]), flags: {} };

describe("verses preparation (60 items)", () => {
  bench("deriveLiving: every derived value", () => {
    deriveLiving(source, actor);
  });
  const derived = deriveLiving(source, actor);
  bench("assemblePool: a skill four defaults deep", () => {
    assemblePool(source, derived, { skill: "Skill 24", ad: 3 });
  });
});
