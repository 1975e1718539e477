// The attack dialog (combat/attack-dialog-logic.ts): the rolls helper's trait dialog with a weapon's
// options. Precision only when aimed last round or covering the area ("For attacks, this means that
// they need to have either aimed or shot at their target last round ... Alternatively ... a small
// area which they've been actively covering since last turn"); Reflexes always, +1 difficulty unless
// the weapon ignores the Reflexive Action Penalty; melee also Strength.
import { describe, expect, it } from "vitest";
import {
  attackDialogModel,
  attackPlan,
  changeAttack,
  startAttack,
  type AttackDialogInput,
} from "../../src/rulesets/maelstrom/combat/attack-dialog-logic";
import { dialogInput } from "../lib/maelstrom-dialog-examples";

const pistol = (over: Partial<AttackDialogInput> = {}): AttackDialogInput => ({
  trait: dialogInput({ choice: { ability: "firearms" } }),
  category: "ranged",
  ability: "firearms",
  aimed: false,
  targets: ["Brute"],
  ammo: { loaded: 3, full: 18 },
  ...over,
});
const localize = (key: string) => key;
const field = (input: AttackDialogInput, state: ReturnType<typeof startAttack>, name: string) =>
  attackDialogModel(input, "Pistol", localize)
    .evaluate(state)
    .groups.flatMap((g) => g.fields)
    .find((f) => f.name === name);

describe("the attack dialog", () => {
  it("not aimed: Reflexes + the weapon's ability at +1 (Reflexes 2 + Firearms 2, difficulty 7)", () => {
    const input = pistol();
    const state = startAttack(input);
    expect(state.trait).toMatchObject({
      attribute: "reflexes",
      second: "abilities.firearms",
      reflexive: true,
    });
    expect(attackPlan(input, state).options).toMatchObject({ pool: 4, difficulty: 7 });
    const attribute = field(input, state, "attribute");
    expect(attribute?.kind === "choice" && attribute.choices.map((c) => c.value)).toEqual(["reflexes"]);
    const second = field(input, state, "second");
    expect(second?.kind === "choice" && second.choices.map((c) => c.value)).toEqual(["abilities.firearms"]);
    expect(field(input, state, "reflexive")).toBeUndefined();
    // Precision is refused until aimed or covering.
    expect(changeAttack(input, state, "attribute", "precision").trait.attribute).toBe("reflexes");
  });

  it("covering the area since last turn allows Precision (Precision 3 + Firearms 2 at 6)", () => {
    const input = pistol();
    const covering = changeAttack(input, startAttack(input), "covering", true);
    expect(covering.trait).toMatchObject({ attribute: "precision", reflexive: false });
    expect(attackPlan(input, covering).options).toMatchObject({ pool: 5, difficulty: 6 });
    // Unticked: back to Reflexes.
    expect(changeAttack(input, covering, "covering", false).trait.attribute).toBe("reflexes");
  });

  it("aimed last round: Precision first, no covering box, a note says why", () => {
    const input = pistol({ aimed: true });
    const state = startAttack(input);
    expect(state.trait.attribute).toBe("precision");
    const ev = attackDialogModel(input, "Pistol", localize).evaluate(state);
    expect(ev.groups.flatMap((g) => g.fields).some((f) => f.name === "covering")).toBe(false);
    expect(ev.notes.map((n) => n.key)).toContain("POLYVERSE.Maelstrom.Combat.AttackDialog.Aimed");
    // Reflexes stays allowed.
    expect(changeAttack(input, state, "attribute", "reflexes").trait).toMatchObject({ reflexive: true });
  });

  it("a weapon that ignores the Reflexive Action Penalty: Reflexes at the base difficulty", () => {
    const input = pistol({
      trait: dialogInput({ choice: { ability: "firearms" }, ignoresReflexivePenalty: true }),
    });
    expect(attackPlan(input, startAttack(input)).options.difficulty).toBe(6);
  });

  it("melee: Strength is offered too; the ability stays the weapon's", () => {
    const input = pistol({
      category: "melee",
      ability: "melee",
      trait: dialogInput({ abilities: { melee: 2 }, choice: { ability: "melee" } }),
      ammo: null,
    });
    const state = startAttack(input);
    expect(state.trait.attribute).toBe("strength");
    expect(changeAttack(input, state, "second", "abilities.firearms").trait.second).toBe("abilities.melee");
    const attribute = field(input, state, "attribute");
    expect(attribute?.kind === "choice" && attribute.choices.map((c) => c.value)).toEqual([
      "strength",
      "reflexes",
    ]);
  });

  it("no round loaded disables Roll; the targets and rounds are noted", () => {
    const empty = pistol({ ammo: { loaded: 0, full: 18 } });
    const ev = attackDialogModel(empty, "Pistol", localize).evaluate(startAttack(empty));
    expect(ev.problems.map((p) => p.key)).toContain("POLYVERSE.Maelstrom.Combat.AttackDialog.Empty");
    expect(ev.notes).toContainEqual({
      key: "POLYVERSE.Maelstrom.Combat.AttackDialog.Targets",
      data: { names: "Brute" },
    });
  });
});
