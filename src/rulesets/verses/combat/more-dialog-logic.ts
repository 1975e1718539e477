/**
 * The tracker's *Actions…* dialog (`combat/more-dialog.hbs`), Foundry-free: which of the other
 * Fast Action actions an actor may take now, and which of the dialog's inputs each uses. Reserving
 * for a Dodge or Parry and a Watch take AD; an Await takes AD, a trigger and the declared actions;
 * rising from Prone costs what the rule says ((5 − PRW) AD) and leaving cover costs nothing, so
 * neither shows the AD or trigger inputs.
 */

/** The other Fast Action actions, as the dialog offers them. */
export type MoreAction = "dodge" | "parry" | "await" | "watch" | "rise" | "leaveCover";

/** Which of the dialog's inputs an action uses. */
export const MORE_INPUTS: Record<MoreAction, { ad: boolean; trigger: boolean }> = {
  dodge: { ad: true, trigger: false },
  parry: { ad: true, trigger: false },
  await: { ad: true, trigger: true },
  watch: { ad: true, trigger: false },
  rise: { ad: false, trigger: false },
  leaveCover: { ad: false, trigger: false },
};

/** The actions offered: rising only to a Prone actor. */
export function moreActions(prone: boolean): MoreAction[] {
  return ["dodge", "parry", "await", "watch", ...(prone ? (["rise"] as const) : []), "leaveCover"];
}

type Localize = (key: string, data?: Record<string, string>) => string;

/** The template context: the actions with their labels and inputs, and whether each input shows now. */
export function moreDialogContext(
  input: { adAvailable: number; prone: boolean; selected?: MoreAction },
  localize: Localize,
) {
  const root = "POLYVERSE.Verses.Combat.More";
  const offered = moreActions(input.prone);
  const selected = input.selected && offered.includes(input.selected) ? input.selected : offered[0]!;
  const uses = MORE_INPUTS[selected];
  return {
    actions: offered.map((value) => ({
      value,
      label: localize(`${root}.Action.${value}`),
      selected: value === selected,
      usesAd: MORE_INPUTS[value].ad,
      usesTrigger: MORE_INPUTS[value].trigger,
    })),
    showAd: uses.ad,
    showTrigger: uses.trigger,
    adHint: localize(`${root}.ADHint`, { available: String(Math.max(0, input.adAvailable)) }),
  };
}
