/**
 * The arrow notation of tests ("Arrow Notation"): `POOL → TARGET`, e.g. the Horse's Kick
 * `PRW + TUF + 3AD → 2S`, the Dog's Bite `PRW + 1AD → 1 S C`, Awaken `SOC + #AD → 4S`.
 * Stat blocks of creatures write their natural attacks this way, with no skill.
 */
import { parseContinuous } from "./continuous";
import type { AttributeKey, Checked } from "./types";

export interface ArrowTest {
  /** The attributes added to the pool, in the order written. */
  attributes: AttributeKey[];
  /** The AD the test names: a number is the minimum to spend; `#AD` (any number, at least 1) gives 1. */
  minimumAD: number;
  /** The success target `#S`. */
  target: number;
  /** The continuation target `#C`, or null when the test is not continuous. */
  continuation: number | null;
}

const ATTRIBUTES: Record<string, AttributeKey> = { SMR: "smr", PRW: "prw", TUF: "tuf", SOC: "soc" };

/** Read `POOL → TARGET` where the pool is attributes and AD (`→`, `->` or `=>` as the arrow). */
export function parseArrowTest(text: string): Checked<ArrowTest> {
  const [left, right, ...rest] = text.split(/→|->|=>/);
  if (left === undefined || right === undefined || rest.length) {
    return { ok: false, reason: `Not an arrow-notation test ("POOL → TARGET"): "${text}".` };
  }
  const attributes: AttributeKey[] = [];
  let minimumAD = 0;
  for (const raw of left.split("+")) {
    const term = raw.trim().toUpperCase();
    const ad = /^(\d+|#)\s*AD$/.exec(term);
    if (ad) minimumAD += ad[1] === "#" ? 1 : Number(ad[1]);
    else if (ATTRIBUTES[term]) attributes.push(ATTRIBUTES[term]);
    else return { ok: false, reason: `"${raw.trim()}" is neither an attribute nor AD in "${text}".` };
  }
  // "1 S C" is written with spaces in the Dog's stat block: the same as "1S C".
  const target = parseContinuous(right.replace(/(\d)\s+S\b/i, "$1S"));
  if (!target.ok || target.value.target === null) {
    return { ok: false, reason: `"${right.trim()}" is not a success target in "${text}".` };
  }
  return {
    ok: true,
    value: { attributes, minimumAD, target: target.value.target, continuation: target.value.continuation },
  };
}
