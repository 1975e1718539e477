// Maelstrom merits and flaws (rules text, "Merits and Flaws"): the 11 merits and 17 flaws with
// their rules keys, points (the lower where the text offers two), the choices it offers, and
// descriptions stating the mechanical effect with the text's numbers, quoted below.
import { describe, expect, it } from "vitest";
import { byName, maelstromItemPackChecks, packSources, stripTags } from "./maelstrom-content";

const meritSources = packSources("maelstrom-merits");
const flawSources = packSources("maelstrom-flaws");
const merit = byName(meritSources);
const flaw = byName(flawSources);

/**
 * Each merit as the text heads it: name (Polyverse's spelling), key, the text's cost line, and the
 * numbers its description must state.
 */
const MERITS: [name: string, key: string, cost: string, states: string[]][] = [
  ["Acute Sense", "acuteSense", "2 or 5 points", ["−2 difficulty", "2 points", "5 points"]],
  ["Ambidextrous", "ambidextrous", "1 point", ["off-hand penalty"]],
  ["Exceptional Balance", "exceptionalBalance", "1 point", ["−2 difficulty"]],
  ["Huge Size", "hugeSize", "4 points", ["one extra box at the top, with no wound penalty"]],
  ["Strong Bond", "strongBond", "4 points", ["one automatic success on every Willpower roll"]],
  ["Common Sense", "commonSense", "1 point", ["No bonus on any roll"]],
  ["Laser Focus", "laserFocus", "1 point", ["no penalties for distraction"]],
  ["Early Riser", "earlyRiser", "1 point", ["Four or five hours"]],
  ["Mental Mathematician", "mentalMathematician", "1 point", ["calculator"]],
  ["Timekeeper", "timekeeper", "1 point", ["few seconds", "few minutes"]],
  ["Eidetic Memory", "eideticMemory", "2 points", ["remembers nearly everything"]],
];

const FLAWS: [name: string, key: string, cost: string, states: string[]][] = [
  ["Addict", "addict", "1 or 3 points", ["1 point", "3 points", "withdrawal"]],
  ["Defective Sense", "defectiveSense", "2 points", ["+2 difficulty", "Acute Sense"]],
  ["Visually Impaired", "visuallyImpaired", "4 points", ["+2 difficulty"]],
  ["Deaf", "deaf", "5 points", ["fail automatically", "+3 difficulty"]],
  ["Mute", "mute", "6 points", ["never speaks in character"]],
  ["Blind", "blind", "8 points", ["fail automatically", "+3 difficulty", "unable to see"]],
  ["Short", "short", "1 point", ["four and a half feet"]],
  ["Disfigured", "disfigured", "2 points", ["memorable"]],
  ["Lame", "lame", "5 points", ["cannot run or jump"]],
  ["Paraplegic", "paraplegic", "8 or 10 points", ["8 points", "10 points"]],
  ["Dark Secret", "darkSecret", "1 point", ["storyteller must know"]],
  ["Mistaken Identity", "mistakenIdentity", "1 point", ["resembles someone"]],
  ["Hunted", "hunted", "4 points", ["without spending experience"]],
  [
    "Deep Sleeper",
    "deepSleeper",
    "1 point",
    ["+2 difficulty", "+1 difficulty on every roll for the rest of the scene"],
  ],
  ["Inept", "inept", "2 points", ["at least one dot", "+2 difficulty"]],
  ["Soft-Hearted", "softHearted", "1 point", ["difficulty 8 Willpower roll"]],
  ["Phobia", "phobia", "2 points", ["Willpower roll", "+2 difficulty"]],
];

/** "2 or 5 points" -> points 2, options [2, 5]; "4 points" -> 4, []. */
function cost(line: string): { points: number; pointOptions: number[] } {
  const values = line.match(/\d+/g)!.map(Number);
  return { points: values[0]!, pointOptions: values.length > 1 ? values : [] };
}

describe("Maelstrom merits pack", () => {
  maelstromItemPackChecks("maelstrom-merits", "maelstrom-merit", ["icons/svg/aura.svg"], () => "");

  it("holds the text's 11 merits", () => {
    expect(meritSources).toHaveLength(11);
    expect(Object.keys(merit).sort()).toEqual(MERITS.map((m) => m[0]).sort());
  });

  it.each(MERITS)("%s: key %s, %s", (name, key, line, states) => {
    const m = merit[name];
    expect(m.system).toEqual({ key, ...cost(line), option: "", description: m.system.description });
    const text = stripTags(m.system.description);
    for (const s of states) expect(text, `${name}: ${s}`).toContain(s);
  });

  it("Acute Sense offers 2 or 5 points and stores the lower", () => {
    expect(merit["Acute Sense"].system).toMatchObject({ points: 2, pointOptions: [2, 5] });
    expect(merit["Huge Size"].system).toMatchObject({ points: 4, pointOptions: [] });
  });
});

describe("Maelstrom flaws pack", () => {
  maelstromItemPackChecks("maelstrom-flaws", "maelstrom-flaw", ["icons/svg/daze.svg"], () => "");

  it("holds the text's 17 flaws", () => {
    expect(flawSources).toHaveLength(17);
    expect(Object.keys(flaw).sort()).toEqual(FLAWS.map((f) => f[0]).sort());
  });

  it.each(FLAWS)("%s: key %s, %s", (name, key, line, states) => {
    const f = flaw[name];
    expect(f.system).toEqual({
      key,
      ...cost(line),
      option: "",
      ability: "",
      active: false,
      description: f.system.description,
    });
    const text = stripTags(f.system.description);
    for (const s of states) expect(text, `${name}: ${s}`).toContain(s);
  });

  it("Addict offers 1 or 3, Paraplegic 8 or 10; the lower is stored", () => {
    expect(flaw.Addict.system).toMatchObject({ points: 1, pointOptions: [1, 3] });
    expect(flaw.Paraplegic.system).toMatchObject({ points: 8, pointOptions: [8, 10] });
    expect(flaw.Blind.system).toMatchObject({ points: 8, pointOptions: [] });
  });

  it("merit and flaw keys are the contract's, in the text's order", () => {
    expect(MERITS.map((m) => m[1])).toEqual([
      "acuteSense",
      "ambidextrous",
      "exceptionalBalance",
      "hugeSize",
      "strongBond",
      "commonSense",
      "laserFocus",
      "earlyRiser",
      "mentalMathematician",
      "timekeeper",
      "eideticMemory",
    ]);
    expect(FLAWS.map((f) => f[1])).toEqual([
      "addict",
      "defectiveSense",
      "visuallyImpaired",
      "deaf",
      "mute",
      "blind",
      "short",
      "disfigured",
      "lame",
      "paraplegic",
      "darkSecret",
      "mistakenIdentity",
      "hunted",
      "deepSleeper",
      "inept",
      "softHearted",
      "phobia",
    ]);
  });
});
