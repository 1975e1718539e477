/**
 * The `tales-care` card's template context, without Foundry (`localize` is passed in): who tends whom
 * (or who holds on), the sum against the difficulty, the die, the outcome and what it does, the
 * changes still waiting for the GM, and the GM's choice after a spectacular care test.
 */
import { HOLD_ON_DIFFICULTY } from "../rules";
import { CARE_ACTIONS, CARE_KEY, careResult, type CareCard } from "./care-card-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

export interface CareCardOptions {
  /** The names of the documents whose changes wait for the GM. */
  pendingNames: readonly string[];
  /** This reader is a GM (the Apply and restore buttons). */
  isGM: boolean;
}

interface DieView {
  face: number;
  css: string;
  title: string;
}

const die = (face: number, title: string, against = false): DieView => ({
  face,
  title,
  css: ["kept", face === 6 ? "six" : face === 1 ? "one" : "", against ? "pv-t-against" : ""]
    .filter(Boolean)
    .join(" "),
});

export function careCardContext(card: CareCard, localize: Localize, options: CareCardOptions) {
  const K = `${CARE_KEY}.Card`;
  const result = careResult(card);
  const medic = card.medic?.name ?? "";
  const patient = card.patient.name;
  const title = localize(`${K}.${card.kind}.Title`, { medic, patient });
  if (!result) return { title, invalid: localize(`${K}.Invalid`) };
  const [face = 1, difficultyFace = 1] = card.faces;
  const dice = [die(face, localize(`${K}.Die`))];
  let line: string;
  const lines: string[] = [];
  switch (result.kind) {
    case "stabilise":
      line = localize(`${K}.stabilise.Line`, {
        bonus: String(card.bonus),
        face: String(face),
        total: String(result.total),
        difficulty: String(result.difficulty),
      });
      lines.push(localize(`${K}.stabilise.${result.success ? "Success" : "Failure"}`, { patient }));
      break;
    case "care": {
      line = localize(`${K}.care.Line`, {
        bonus: String(card.bonus),
        face: String(face),
        total: String(result.total),
        difficulty: String(result.difficulty),
      });
      if (card.hospital) lines.push(localize(`${K}.care.Hospital`, { n: String(card.hospital) }));
      const { hp, essence } = result.gain;
      const gain = hp && essence ? "Both" : hp ? "HitPoint" : essence ? "Essence" : "Nothing";
      lines.push(localize(`${K}.care.Gain.${gain}`, { patient }));
      if (result.success) lines.push(localize(`${K}.care.TwoDice`, { patient }));
      if (result.mayRestoreAll && !card.restored) lines.push(localize(`${K}.care.Spectacular`, { patient }));
      if (card.restored)
        lines.push(
          localize(`${K}.care.Restored.${card.restored === "hp" ? "HitPoints" : "Essence"}`, { patient }),
        );
      break;
    }
    case "holdOn":
      dice.push(die(difficultyFace, localize(`${K}.DifficultyDie`), true));
      line = localize(`${K}.holdOn.Line`, {
        bonus: String(card.bonus),
        face: String(face),
        total: String(result.total),
        base: String(HOLD_ON_DIFFICULTY),
        difficultyFace: String(difficultyFace),
        target: String(result.target),
      });
      lines.push(
        result.success
          ? localize(`${K}.holdOn.${card.fight ? "Success" : "SuccessOutside"}`, { patient })
          : localize(`${K}.holdOn.Coma`, { patient, days: String(result.comaDays) }),
      );
      break;
  }
  if (result.essenceSpent) lines.push(localize(`${K}.EssenceSpent`, { name: card.medic?.name ?? patient }));
  const pending = options.pendingNames.length
    ? localize(`${K}.PendingGM`, { names: options.pendingNames.join(", ") })
    : "";
  const restore =
    options.isGM && result.kind === "care" && result.mayRestoreAll && !card.restored
      ? {
          hp: { action: CARE_ACTIONS.restoreHp, label: localize(`${K}.care.RestoreHitPoints`) },
          essence: { action: CARE_ACTIONS.restoreEssence, label: localize(`${K}.care.RestoreEssence`) },
        }
      : null;
  return {
    title,
    kind: card.kind,
    line,
    dice,
    outcome: {
      text:
        result.kind === "care" && result.success
          ? localize(`${K}.care.Degree.${result.degree}`)
          : localize(`${K}.${result.success ? "Success" : "Failure"}`),
      tone: result.success ? "success" : "failure",
    },
    lines,
    pending,
    apply: pending && options.isGM ? { action: CARE_ACTIONS.apply, label: localize(`${K}.Apply`) } : null,
    restore,
  };
}
