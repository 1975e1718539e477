// Virtually Real's status effects, Foundry-free: one per row of chapter 1's two conditions tables (5
// serious emotional, 10 critical) plus Winded, Tired and the tracker's Defeated; the statuses a mark
// implies and the mark a status brings (the table's "At Next"), both ways; what each says it does.
import { describe, expect, it } from "vitest";
import {
  DATA_STATUSES,
  STATUS_CONDITION,
  VR_STATUS_IDS,
  conditionsWithStatus,
  conditionsWithoutStatus,
  impliedStatuses,
  markForStatus,
  needsSheet,
  statusData,
  statusDescription,
  statusesTouched,
  vrStatusesOf,
} from "../../src/rulesets/virtually-real/documents/statuses-logic";
import type { StoredCondition } from "../../src/rulesets/virtually-real/data/living-logic";
import en from "../../lang/en/virtually-real-play.json";
import character from "../../lang/en/virtually-real-character.json";
import fight from "../../lang/en/virtually-real-fight2.json";

const lang = { ...(en as any).POLYVERSE.VirtuallyReal, ...(character as any).POLYVERSE.VirtuallyReal };
// The Maneuver penalty's status strings are in the fight's fragment.
lang.Play.Status = { ...lang.Play.Status, ...(fight as any).POLYVERSE.VirtuallyReal.Play.Status };
const localize = (key: string, data: Record<string, string> = {}) => {
  const path = key.replace("POLYVERSE.VirtuallyReal.", "").split(".");
  let v: any = lang;
  for (const p of path) v = v?.[p];
  if (typeof v !== "string") throw new Error(`missing ${key}`);
  return v.replace(/\{(\w+)\}/g, (_: string, k: string) => data[k] ?? `{${k}}`);
};

const mark = (c: Partial<StoredCondition>): StoredCondition => ({
  severity: "critical",
  group: "physical",
  target: "",
  side: "wound",
  id: "",
  letter: "",
  atNext: "",
  ...c,
});

describe("the Virtually Real statuses", () => {
  it("are the 15 rows of the two conditions tables, Winded, Tired and Defeated", () => {
    expect(Object.keys(STATUS_CONDITION)).toHaveLength(5 + 10);
    expect(new Set(Object.values(STATUS_CONDITION))).toEqual(
      new Set(
        ["F", "G", "P", "I", "T", "fearRush", "guiltRush", "despairRush", "isolationRush"].concat([
          "X",
          "U",
          "B",
          "N",
          "L",
          "H",
        ]),
      ),
    );
    // The 15 rows of the tables, Winded, Tired, the Maneuver penalty's mirror and Defeated.
    expect(VR_STATUS_IDS).toHaveLength(19);
    expect(DATA_STATUSES).not.toContain("defeated");
    expect(DATA_STATUSES).not.toContain("maneuver");
    expect(statusData("dying")).toMatchObject({
      id: "dying",
      name: "POLYVERSE.VirtuallyReal.Character.Condition.X",
      flags: { polyverse: { "virtually-real": { status: "dying" } } },
    });
  });

  it("follow the marks: a mark of a row shows its status; Winded and Tired the state; Defeated stays", () => {
    const implied = impliedStatuses(
      {
        conditions: [mark({ id: "X" }), mark({ id: "F", severity: "serious" })],
        state: { winded: true, tired: false },
      },
      new Set(["defeated", "numb"]),
    );
    expect(
      Object.entries(implied)
        .filter(([, on]) => on)
        .map(([id]) => id),
    ).toEqual(["dying", "fear", "winded", "defeated"]);
  });

  it("bring the table's mark when set on a token: X in the CRIT row until the next long rest", () => {
    expect(markForStatus("dying")).toEqual(mark({ id: "X", atNext: "longRest" }));
    // N Numb (0 Ki): short rest, a mental condition.
    expect(markForStatus("numb")).toMatchObject({ id: "N", group: "mental", atNext: "shortRest" });
    // The guilt rush: "Initiative", an emotional box of Guilt.
    expect(markForStatus("guiltRush")).toMatchObject({
      group: "emotional",
      target: "guilt",
      atNext: "initiative",
    });
    // F Fear: a serious emotional condition of Violence until the next long rest.
    expect(markForStatus("fear")).toEqual(
      mark({ severity: "serious", group: "emotional", target: "violence", id: "F", atNext: "longRest" }),
    );
    // T New Trauma has no target in the table: only the sheet can place it.
    expect(markForStatus("newTrauma")).toBeNull();
    expect(needsSheet("newTrauma")).toBe(true);
    expect(needsSheet("fear")).toBe(false);
  });

  it("mark once and clear every mark of the row", () => {
    const one = conditionsWithStatus([], "brokenBones")!;
    expect(one.map((c) => c.id)).toEqual(["B"]);
    expect(conditionsWithStatus(one, "brokenBones")).toBeNull();
    const two = [...one, mark({ id: "B" }), mark({ id: "H" })];
    expect(conditionsWithoutStatus(two, "brokenBones")!.map((c) => c.id)).toEqual(["H"]);
    expect(conditionsWithoutStatus([mark({ id: "H" })], "brokenBones")).toBeNull();
  });

  it("resync only when an update names the conditions or the state", () => {
    expect(statusesTouched({ system: { conditions: [] } })).toEqual(DATA_STATUSES);
    expect(statusesTouched({ "system.state.winded": true })).toEqual(DATA_STATUSES);
    expect(statusesTouched({ system: { hp: { value: 3 } } })).toEqual([]);
    expect(vrStatusesOf(["dying", "dead", "tired"])).toEqual(["dying", "tired"]);
  });

  it("say what each condition does, from the tables", () => {
    const x = statusDescription("dying", localize);
    // X: critical (every roll a disadvantage and +1 crit); no Fast Actions; can't spend End; a
    // critically failed Body or BCT save kills; heals to B at the next long rest.
    expect(x).toContain("+1");
    expect(x).toContain(localize("POLYVERSE.VirtuallyReal.Character.ConditionEffect.noEnduranceSpend"));
    expect(x).toContain(
      localize("POLYVERSE.VirtuallyReal.Character.ConditionEffect.critFailBodyOrBctSaveKills"),
    );
    expect(x).toContain("B (");
    expect(x).toContain(localize("POLYVERSE.VirtuallyReal.Character.Duration.longRest"));
    // The fear rush heals to F at the next scene.
    expect(statusDescription("fearRush", localize)).toContain("F (");
    // F heals to A, a letter the tables never define.
    expect(statusDescription("fear", localize)).toMatch(/\bA\b/);
    for (const id of VR_STATUS_IDS) expect(statusDescription(id, localize)).not.toBe("");
  });
});
