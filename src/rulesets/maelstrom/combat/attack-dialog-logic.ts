/**
 * The attack dialog, Foundry-free: the rolls helper's trait dialog (`rolls/dialog-logic.ts`) with a
 * weapon's options. The ability is the weapon's; the attribute one the rules allow for the attack
 * (rules `attackTraits`: Precision only when the attacker aimed or shot at the target last round, or
 * the player ticks "covering this area since last turn"; melee also Strength; Reflexes always, with
 * the Reflexive Action Penalty unless the weapon ignores it). The difficulty opens at the
 * `attackDifficulty` setting (a Polyverse default). Everything else (specialties, toggles, Willpower
 * against wounds, the odds) is the trait dialog's.
 */
import type { DialogEvaluation, DialogField, DialogModel, Localize } from "../../../core/roll-dialog-model";
import {
  actionPlan,
  changeState,
  evaluateDialog,
  startState,
  type TraitDialogInput,
  type TraitDialogState,
  type TraitPlan,
} from "../rolls/dialog-logic";
import { attackTraits, type AttackAttribute } from "../rules";

const KEY = "POLYVERSE.Maelstrom.Combat.AttackDialog";

/** What the attack dialog is built from. */
export interface AttackDialogInput {
  /** The trait dialog's input (kind "action"), with the weapon's ability chosen. */
  trait: TraitDialogInput;
  category: "ranged" | "melee";
  /** The weapon's ability. */
  ability: string;
  /** The attacker aimed or shot at every target last round (turn-logic.ts `precisionAllowed`). */
  aimed: boolean;
  /** The targets' names. */
  targets: string[];
  /** Rounds loaded and the weapon's full load, or null for a weapon that fires none. */
  ammo: { loaded: number; full: number } | null;
}

export interface AttackDialogState {
  trait: TraitDialogState;
  /** The player says they have been covering the target's area since last turn. */
  covering: boolean;
}

/** The attributes the attack may use now. */
export const allowedAttributes = (input: AttackDialogInput, covering: boolean): AttackAttribute[] =>
  attackTraits({ category: input.category, aimed: input.aimed || covering });

/** The trait state with an allowed attribute (the first, the suggested one, when it is not) and its penalty. */
function fitAttribute(input: AttackDialogInput, state: AttackDialogState): AttackDialogState {
  const allowed = allowedAttributes(input, state.covering);
  const chosen = allowed.find((a) => a.attribute === state.trait.attribute) ?? allowed[0];
  if (!chosen) return state;
  return {
    ...state,
    trait: {
      ...state.trait,
      attribute: chosen.attribute,
      second: `abilities.${input.ability}`,
      reflexive: chosen.reflexivePenalty,
    },
  };
}

/** The state the dialog opens with: the suggested attribute, the weapon's ability. */
export function startAttack(input: AttackDialogInput): AttackDialogState {
  return fitAttribute(input, { trait: startState(input.trait), covering: false });
}

/** Read one input into the state: "covering" here, the rest the trait dialog's (the ability stays the weapon's). */
export function changeAttack(
  input: AttackDialogInput,
  state: AttackDialogState,
  name: string,
  value: string | boolean,
): AttackDialogState {
  if (name === "covering") {
    // Ticked: Precision, the attribute it is ticked for; unticked: back to one still allowed.
    const covering = value === true;
    const first = allowedAttributes(input, covering)[0]?.attribute;
    const trait = covering && first ? { ...state.trait, attribute: first } : state.trait;
    return fitAttribute(input, { trait, covering });
  }
  if (name === "second" || name === "reflexive") return state;
  if (name === "attribute" && !allowedAttributes(input, state.covering).some((a) => a.attribute === value))
    return state;
  return fitAttribute(input, { ...state, trait: changeState(input.trait, state.trait, name, value) });
}

/** The roll the state describes (the trait dialog's plan). */
export const attackPlan = (input: AttackDialogInput, state: AttackDialogState): TraitPlan =>
  actionPlan(input.trait, state.trait);

/** Keep a choice field's choices to those allowed; drop the fields the weapon settles. */
function restrictFields(fields: DialogField[], input: AttackDialogInput, covering: boolean): DialogField[] {
  const attributes = allowedAttributes(input, covering).map((a) => a.attribute as string);
  const out: DialogField[] = [];
  for (const field of fields) {
    if (field.name === "reflexive") continue;
    if (field.kind === "choice" && field.name === "attribute")
      out.push({ ...field, choices: field.choices.filter((c) => attributes.includes(c.value)) });
    else if (field.kind === "choice" && field.name === "second")
      out.push({ ...field, choices: field.choices.filter((c) => c.value === `abilities.${input.ability}`) });
    else out.push(field);
  }
  return out;
}

/** What the dialog shows: the trait dialog's evaluation with the weapon's options and notes. */
export function evaluateAttack(
  input: AttackDialogInput,
  state: AttackDialogState,
  localize: Localize,
): DialogEvaluation {
  const ev = evaluateDialog(input.trait, state.trait, localize);
  const groups = ev.groups.map((g) => ({ ...g, fields: restrictFields(g.fields, input, state.covering) }));
  const notes = [...ev.notes];
  // Aimed last round: Precision is allowed; otherwise the player may say they were covering the area.
  const legend: { legend: string; fields: DialogField[] }[] = input.aimed
    ? []
    : [
        {
          legend: `${KEY}.Legend`,
          fields: [
            {
              kind: "checkbox",
              name: "covering",
              label: `${KEY}.Covering`,
              hint: `${KEY}.CoveringHint`,
              checked: state.covering,
            },
          ],
        },
      ];
  if (input.aimed) notes.push({ key: `${KEY}.Aimed` });
  notes.push(
    input.targets.length
      ? { key: `${KEY}.Targets`, data: { names: input.targets.join(", ") } }
      : { key: `${KEY}.NoTargets` },
  );
  if (input.ammo)
    notes.push({
      key: `${KEY}.Ammo`,
      data: { loaded: String(input.ammo.loaded), full: String(input.ammo.full) },
    });
  const problems = [...ev.problems];
  if (input.ammo && input.ammo.loaded < 1) problems.push({ key: `${KEY}.Empty` });
  return { ...ev, groups: [...legend, ...groups], notes, problems };
}

/** The dialog's model on core's shell. */
export function attackDialogModel(
  input: AttackDialogInput,
  label: string,
  localize: Localize,
): DialogModel<AttackDialogState> {
  return {
    title: `${KEY}.Title`,
    label,
    start: startAttack(input),
    change: (state, name, value) => changeAttack(input, state, name, value),
    evaluate: (state) => evaluateAttack(input, state, localize),
  };
}
