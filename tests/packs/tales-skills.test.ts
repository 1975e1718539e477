// Tales skills (rules text, "List of Skills" and Appendix 3's skill descriptions): the 40 skills as
// reference items with the contract's keys, the attribute heading each is listed under, Drive and
// Languages held per subject, one Folder per attribute group, against the list quoted below.
import { describe, expect, it } from "vitest";
import { packId } from "../../scripts/lib/ids.mjs";
import {
  SKILL_KEYS_BY_GROUP,
  byName,
  camelKey,
  folderList,
  packSources,
  stripTags,
  talesItemPackChecks,
} from "./tales-content";

const PACK = "tales-skills";
const sources = packSources(PACK);
const skill = byName(sources);

/** The text's "List of Skills", heading by heading, as printed. */
const LIST: [group: string, heading: string, skills: string][] = [
  [
    "physical",
    "Physical",
    "Acrobatics, Archery, Athletics, Brawl, Block, Dodge, Escape Artist, Melee, Survival, Swimming, Throw",
  ],
  [
    "social",
    "Social",
    "Animal Ken, Bearing, Etiquette, Intimidation, Interrogation, Languages, Leadership, Performance, Riding, Subterfuge",
  ],
  [
    "mental",
    "Mental",
    "Academics, Appraisal, Crafts, Drive, Firearms, Medicine, Occult, Repair, Research, Science, Stealth",
  ],
  [
    "spiritual",
    "Spiritual",
    "Awareness, Cognition, Empathy, Focus, Intuition, Martial Arts, Meditation, Spirit Ken",
  ],
];
const COUNTS = { physical: 11, social: 10, mental: 11, spiritual: 8 };
const listed = LIST.flatMap(([group, , names]) => names.split(", ").map((name) => ({ group, name })));

describe("Tales skills pack", () => {
  talesItemPackChecks(PACK, "tales-skill", "icons/svg/book.svg", (data) => data.system.group);

  it("holds the 40 skills, 11 Physical, 10 Social, 11 Mental and 8 Spiritual, with the contract's keys", () => {
    expect(listed).toHaveLength(40);
    expect(sources).toHaveLength(40);
    for (const [group, keys] of Object.entries(SKILL_KEYS_BY_GROUP)) {
      const inPack = sources.filter((s) => s.data.system.group === group).map((s) => s.data.system.key);
      expect(inPack, group).toHaveLength(COUNTS[group as keyof typeof COUNTS]);
      expect(inPack.sort(), group).toEqual([...keys].sort());
      expect(
        listed.filter((l) => l.group === group).map((l) => camelKey(l.name)),
        group,
      ).toEqual([...keys]);
    }
  });

  it.each(listed)(
    "$name: its key, the heading it is listed under, held per subject only for Drive and Languages",
    ({ group, name }) => {
      const s = skill[name];
      expect(s, name).toBeDefined();
      expect(s.system).toEqual({
        key: camelKey(name),
        group,
        specialised: name === "Drive" || name === "Languages",
        description: s.system.description,
      });
      const text = stripTags(s.system.description);
      expect(text).toContain(`Listed under ${LIST.find((l) => l[0] === group)![1]}`);
      expect(text).toContain("New: 2 experience points; each further level costs the new level + 1.");
    },
  );

  it("has a Folder per attribute in the text's order, each skill in its group's", () => {
    expect(folderList(PACK, Object.keys(COUNTS), null, "a")).toEqual(
      LIST.map(([g, heading]) => [g, heading]),
    );
    for (const { data } of sources)
      expect(data.folder, data.name).toBe(packId(PACK, `folder:${data.system.group}`));
  });

  it("states the rules the text ties to particular skills", () => {
    const text = (name: string) => stripTags(skill[name].system.description);
    expect(text("Awareness")).toContain("Initiative is Mental + Awareness + d6");
    expect(text("Athletics")).toContain("Physical + Athletics is the number of metres");
    expect(text("Brawl")).toContain("Physical + Brawl + d6, with a strength of 0");
    expect(text("Block")).toContain("cannot stop missiles or any other ranged attack");
    expect(text("Block")).toContain("halved");
    expect(text("Dodge")).toContain("the higher of the dodge total and the range difficulty");
    expect(text("Martial Arts")).toContain("Physical + Martial Arts + d6");
    expect(text("Martial Arts")).toContain("Spiritual + Martial Arts + d6");
    expect(text("Medicine")).toContain("difficulty 5, 7, 9 or 11");
    expect(text("Leadership")).toContain("Social + Leadership");
    // The description list calls Bearing "Department": one skill, named as the skill list has it.
    expect(text("Bearing")).toContain('"Department"');
    for (const name of ["Archery", "Throw"]) expect(text(name), name).toContain("pairs it with Physical");
    expect(text("Firearms")).toContain("pairs it with Mental");
    expect(text("Drive")).toContain("separate specialisation");
    expect(text("Languages")).toContain("separate specialisation");
  });
});
