/**
 * The medic's tests and the victim's hold-on roll (the descriptor's `actions`: `stabilise`,
 * `medicalCare`, `holdOn`), each on core's roll pipeline (kinds "stabilise", "medicalCare", "holdOn")
 * with its dialog (the odds; skipped with the skip key or `skipDialog`) and a `tales-care` card.
 *
 * The roller must be the user's (a GM owns all); the patient need not be: what the user may not change
 * on the patient rides on the card for the GM (care-card.ts), who checks it against the documents and
 * the dice before applying it.
 */
import { postCardWithChanges } from "../../../core/cards";
import { applyChanges } from "../../../core/changes";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { rollModeFor } from "../../../core/rolls/post";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import {
  CARE_CARD,
  CARE_FLAGS,
  CARE_KEY,
  careChanges,
  careResult,
  type CareCard,
  type CareKind,
} from "./care-card-logic";
import { bonusOf, lastCare, poolsOf, relayCare, talesFlag } from "./care-card";
import { careChoice, careDialogModel, type CareDialogInput } from "./care-dialog-logic";
import { careWait, holdOnRefusal } from "./health-logic";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** How a care roll is asked for (a macro's choice, the click, the roll mode). */
export interface CareRollOptions {
  /** Roll at once with the defaults (as the skip key does). */
  skipDialog?: boolean;
  event?: Event | null;
  rollMode?: string;
  /** Spend an Essence point on a 6 that falls short (default: yes, while the roller has one). */
  spendEssence?: boolean;
}

/** What a care roll ends with: the card and its outcome, or null (refused, cancelled, vetoed). */
export interface CareRolled {
  message: Message | null;
  card: CareCard;
  success: boolean;
}

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications?.warn(localize(`${CARE_KEY}.Refused.${key}`, data));
  return null;
};

/** The fight an actor is in now: the viewed combat's id when it holds the actor, else "". */
export function fightOf(actor: AnyActor): string {
  const combat = game.combat;
  if (!combat?.id) return "";
  const inIt = combat.combatants.some(
    (c) => c.actor === actor || (!!actor.uuid && c.actor?.uuid === actor.uuid),
  );
  return inIt ? combat.id : "";
}

const d6 = async (): Promise<{ roll: Roll; face: number }> => {
  const roll = await new foundry.dice.Roll("1d6").evaluate();
  return { roll, face: roll.dice[0]?.results[0]?.result ?? 1 };
};

/** Run one care roll on the pipeline: the dialog, the dice, the card with its changes, then apply and ask the GM. */
async function runCare(
  kind: CareKind,
  roller: AnyActor,
  input: CareDialogInput,
  build: (choice: { hospital: number; spendEssence: boolean }, faces: number[]) => CareCard,
  options: CareRollOptions & { hospital?: number },
): Promise<CareRolled | null> {
  const outcome = await runRoll(
    { ruleset: "tales", kind: kind === "care" ? "medicalCare" : kind, subject: roller },
    {
      configure: () => input,
      dialog: (config) =>
        chooseRoll(careDialogModel(config), {
          skipDialog: options.skipDialog,
          event: options.event ?? null,
          rollMode: options.rollMode,
        }),
      evaluate: async (config, settled) => {
        const choice = careChoice(config, settled.state);
        const dice = [await d6(), ...(kind === "holdOn" ? [await d6()] : [])];
        const card = build(
          choice,
          dice.map((d) => d.face),
        );
        const result = careResult(card);
        if (!result) return null;
        return { card, result, rolls: dice.map((d) => d.roll), rollMode: settled.rollMode };
      },
      post: ({ card, result, rolls, rollMode }) =>
        postCardWithChanges({
          kind: CARE_CARD,
          card,
          speaker: ChatMessage.getSpeaker({ actor: roller }),
          text: localize(`${CARE_KEY}.Card.${kind}.Title`, {
            medic: card.medic?.name ?? "",
            patient: card.patient.name,
          }),
          rollMode: rollModeFor(rollMode || options.rollMode || null),
          rolls,
          changes: careChanges(card, result),
        }),
      apply: async (_rolled, posted) => {
        await applyChanges(posted.now);
        await relayCare(posted.message);
      },
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return { message: posted.message, card: rolled.card, success: rolled.result.success };
}

const ref = (actor: AnyActor) => ({ actorUuid: actor.uuid, name: actor.name ?? "" });

/** What the medic's dialogs read. */
function medicInput(
  kind: CareKind,
  medic: AnyActor,
  patient: AnyActor,
  bonus: number,
  options: CareRollOptions & { hospital?: number },
): CareDialogInput {
  return {
    kind,
    roller: medic.name ?? "",
    patient: patient.name ?? "",
    bonus,
    level: livingSystem(patient).health.level,
    essence: livingSystem(medic).essence.value,
    tieRule: talesSetting("dynamicTieRule"),
    ...(options.hospital !== undefined ? { hospital: options.hospital } : {}),
    ...(options.spendEssence !== undefined ? { spendEssence: options.spendEssence } : {}),
  };
}

/** The checks both medic's tests make; the medic's bonus, or null (with a warning). */
function medicCheck(medic: AnyActor, patient: AnyActor): number | null {
  if (!medic.isOwner) return warn("NotYours", { name: medic.name ?? "" });
  const level = livingSystem(patient).health.level;
  if (level === "healthy" || level === "dead") return warn("notWounded", { name: patient.name ?? "" });
  const bonus = bonusOf(medic);
  return bonus === null ? warn("cannotAct", { name: medic.name ?? "" }) : bonus;
}

/**
 * The medic's stabilisation test on an unstable patient: Mental + Medicine (at the medic's wound level)
 * + d6 against 5 / 7 / 9 / 11 by the patient's level. A success stabilises the patient (through the GM
 * when the medic's user does not own the patient).
 */
export async function stabilise(
  medic: AnyActor,
  patient: AnyActor,
  options: CareRollOptions = {},
): Promise<CareRolled | null> {
  if (!isTalesLiving(medic) || !isTalesLiving(patient)) return null;
  if (!livingSystem(patient).health.unstable) return warn("Stable", { name: patient.name ?? "" });
  const bonus = medicCheck(medic, patient);
  if (bonus === null) return null;
  const level = livingSystem(patient).health.level;
  return runCare(
    "stabilise",
    medic,
    medicInput("stabilise", medic, patient, bonus, options),
    (choice, faces) => ({
      kind: "stabilise",
      medic: ref(medic),
      patient: ref(patient),
      bonus,
      level,
      hospital: 0,
      spendEssence: choice.spendEssence,
      faces,
      tieRule: talesSetting("dynamicTieRule"),
      pools: null,
      worldTime: Math.floor(game.time?.worldTime ?? 0),
      fight: "",
      restored: null,
    }),
    options,
  );
}

/**
 * The medic's care test once per healing cycle ("Medical Treatment"): Mental + Medicine + d6 against
 * 5 / 9 / 13 by the patient's wound, less a hospital's 1 to 3. The patient gains a point (or two, on a
 * significant success; the GM may restore a whole pool on a spectacular one) and, on any success, may
 * roll two dice on this cycle's healing roll. Through the GM when the user does not own the patient.
 */
export async function medicalCare(
  medic: AnyActor,
  patient: AnyActor,
  options: CareRollOptions & { hospital?: number } = {},
): Promise<CareRolled | null> {
  if (!isTalesLiving(medic) || !isTalesLiving(patient)) return null;
  const bonus = medicCheck(medic, patient);
  if (bonus === null) return null;
  if (livingSystem(medic).skills.medicine < 1) return warn("noMedicine", { name: medic.name ?? "" });
  const level = livingSystem(patient).health.level;
  const worldTime = Math.floor(game.time?.worldTime ?? 0);
  if (careWait(level, lastCare(patient), worldTime) > 0)
    return warn("careTooSoon", { name: patient.name ?? "" });
  const pools = poolsOf(patient);
  return runCare(
    "care",
    medic,
    medicInput("care", medic, patient, bonus, options),
    (choice, faces) => ({
      kind: "care",
      medic: ref(medic),
      patient: ref(patient),
      bonus,
      level,
      hospital: choice.hospital,
      spendEssence: choice.spendEssence,
      faces,
      tieRule: talesSetting("dynamicTieRule"),
      pools,
      worldTime,
      fight: "",
      restored: null,
    }),
    options,
  );
}

/** The fight of the actor's last hold-on roll ("" outside one), or null. */
export const holdOnMark = (actor: AnyActor): string | null => {
  const v = talesFlag(actor, CARE_FLAGS.holdOn);
  return typeof v === "string" ? v : null;
};

/**
 * The unconscious, unstable victim's roll to hold on: Spiritual + d6 against 6 + d6, once (in a fight,
 * once in that fight). A success keeps them stable until the end of the fight; a failure puts them in a
 * coma of 7 days less one per point of Spiritual. The victim's user rolls (or the GM, for the upkeep
 * card's button).
 */
export async function holdOn(
  victim: AnyActor,
  options: CareRollOptions & { fight?: string } = {},
): Promise<CareRolled | null> {
  if (!isTalesLiving(victim)) return null;
  if (!victim.isOwner) return warn("NotYours", { name: victim.name ?? "" });
  const s = livingSystem(victim);
  const fight = options.fight ?? fightOf(victim);
  const refusal = holdOnRefusal({
    level: s.health.level,
    unstable: s.health.unstable,
    comaDays: s.health.comaDays,
    rolledIn: holdOnMark(victim),
    fight,
  });
  if (refusal) return warn(refusal, { name: victim.name ?? "" });
  const spiritual = s.attributes.spiritual;
  const tieRule = talesSetting("dynamicTieRule");
  const input: CareDialogInput = {
    kind: "holdOn",
    roller: victim.name ?? "",
    patient: victim.name ?? "",
    bonus: spiritual,
    level: "ko",
    essence: s.essence.value,
    tieRule,
    ...(options.spendEssence !== undefined ? { spendEssence: options.spendEssence } : {}),
  };
  return runCare(
    "holdOn",
    victim,
    input,
    (choice, faces) => ({
      kind: "holdOn",
      medic: null,
      patient: ref(victim),
      bonus: spiritual,
      level: "ko",
      hospital: 0,
      spendEssence: choice.spendEssence,
      faces,
      tieRule,
      pools: null,
      worldTime: Math.floor(game.time?.worldTime ?? 0),
      fight,
      restored: null,
    }),
    options,
  );
}
