/**
 * Tales's health actions (the descriptor's `actions`: `stabilise`, `heal`, `rest`), each with a small
 * dialog (skipped with the skip key, or when a macro passes its choice) and a chat note. Healing and
 * stabilising run on core's roll pipeline (kinds "healing", "stabilise"). Each changes only documents
 * the user owns (a GM owns all): a medic who does not own the patient is told to ask the GM.
 */
import { localize } from "../../../core/i18n";
import { isSkipDialogHeld } from "../../../core/keybindings";
import { runRoll } from "../../../core/rolls/pipeline";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { healPlan, restPlan, stabilisePlan, type HealthSource } from "./health-logic";

type AnyActor = Actor.Implementation;
const KEY = "POLYVERSE.Tales.Combat.Health";

const esc = (s: string) => foundry.utils.escapeHTML(s);
const warn = (key: string, data: Record<string, string> = {}) => {
  ui.notifications?.warn(localize(`${KEY}.Refused.${key}`, data));
  return null;
};

/** What the health actions read off a character. */
function sourceOf(actor: AnyActor): HealthSource {
  const s = livingSystem(actor);
  return {
    level: s.health.level,
    unstable: s.health.unstable,
    hp: s.hp.value,
    maxHp: s.derived.hitPoints,
    essence: s.essence.value,
    maxEssence: s.derived.essence,
    age: s.details.age,
    lastHealAttempt: s.health.lastHealAttempt,
  };
}

/** Post a plain note as the actor (every value escaped). */
async function note(actor: AnyActor, title: string, lines: string[], rolls: Roll[] = []): Promise<unknown> {
  return ChatMessage.create({
    content: `<div class="polyverse pv-card tales-health-note"><header class="pv-card-header"><h3>${esc(title)}</h3></header>${lines
      .map((l) => `<p>${esc(l)}</p>`)
      .join("")}</div>`,
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls,
  } as never);
}

/** A small form dialog; resolves with its named fields' values, or null when closed. */
async function ask(title: string, fields: string): Promise<Record<string, FormDataEntryValue> | null> {
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title },
    content: `<div class="polyverse tales-health-dialog">${fields}</div>`,
    ok: {
      label: localize(`${KEY}.Confirm`),
      callback: (_event: unknown, button: HTMLButtonElement) =>
        button.form ? Object.fromEntries(new FormData(button.form).entries()) : {},
    },
    rejectClose: false,
  });
  return result && typeof result === "object" ? (result as Record<string, FormDataEntryValue>) : null;
}

const numberField = (name: string, label: string, value: number, min: number, max: number) =>
  `<div class="form-group"><label for="pv-t-${name}">${esc(label)}</label><div class="form-fields"><input id="pv-t-${name}" type="number" name="${name}" value="${value}" min="${min}" max="${max}" step="1" autofocus></div></div>`;
const checkField = (name: string, label: string) =>
  `<div class="form-group"><label for="pv-t-${name}">${esc(label)}</label><div class="form-fields"><input id="pv-t-${name}" type="checkbox" name="${name}"></div></div>`;

const wholeOr = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** Rest `hours`: Hit Points and Essence come back at the wound level's rate. */
export async function rest(
  actor: AnyActor,
  options: { hours?: number; event?: Event | null } = {},
): Promise<boolean> {
  if (!isTalesLiving(actor)) return false;
  if (!actor.isOwner) return Boolean(warn("NotYours", { name: actor.name ?? "" }));
  let hours = options.hours;
  if (hours === undefined && !isSkipDialogHeld(options.event ?? null)) {
    const form = await ask(
      localize(`${KEY}.Rest.Title`, { name: actor.name ?? "" }),
      numberField("hours", localize(`${KEY}.Rest.Hours`), 8, 0, 10000),
    );
    if (!form) return false;
    hours = wholeOr(form.hours, 0);
  }
  hours = wholeOr(hours ?? 8, 0);
  const before = sourceOf(actor);
  const after = restPlan(before, hours);
  await actor.update({ "system.hp.value": after.hp, "system.essence.value": after.essence } as never);
  await note(actor, localize(`${KEY}.Rest.Title`, { name: actor.name ?? "" }), [
    localize(`${KEY}.Rest.Line`, {
      hours: String(hours),
      hp: `${before.hp} → ${after.hp}`,
      essence: `${before.essence} → ${after.essence}`,
    }),
  ]);
  return true;
}

/** A natural healing attempt, once per day, week or month by the wound. */
export async function heal(
  actor: AnyActor,
  options: {
    sacrifice?: number;
    medicSucceeded?: boolean;
    spendEssence?: boolean;
    event?: Event | null;
  } = {},
): Promise<boolean> {
  if (!isTalesLiving(actor)) return false;
  if (!actor.isOwner) return Boolean(warn("NotYours", { name: actor.name ?? "" }));
  const outcome = await runRoll(
    { ruleset: "tales", kind: "healing", subject: actor },
    {
      configure: () => sourceOf(actor),
      dialog: async (source) => {
        if (options.sacrifice !== undefined || isSkipDialogHeld(options.event ?? null))
          return {
            sacrifice: wholeOr(options.sacrifice ?? source.hp, source.hp),
            medicSucceeded: options.medicSucceeded ?? false,
            spendEssence: options.spendEssence ?? false,
          };
        const form = await ask(
          localize(`${KEY}.Heal.Title`, { name: actor.name ?? "" }),
          numberField("sacrifice", localize(`${KEY}.Heal.Sacrifice`), source.hp, 0, source.hp) +
            checkField("medicSucceeded", localize(`${KEY}.Heal.Medic`)) +
            checkField("spendEssence", localize(`${KEY}.Heal.SpendEssence`)),
        );
        if (!form) return null;
        return {
          sacrifice: wholeOr(form.sacrifice, 0),
          medicSucceeded: form.medicSucceeded === "on",
          spendEssence: form.spendEssence === "on",
        };
      },
      evaluate: async (source, choice) => {
        const roll = await new foundry.dice.Roll(choice.medicSucceeded ? "2d6" : "1d6").evaluate();
        const faces = (roll.dice[0]?.results ?? []).map((r) => r.result);
        const plan = healPlan(source, {
          ...choice,
          faces,
          worldTime: game.time?.worldTime ?? 0,
          elderlyHealingPenalty: talesSetting("elderlyHealingPenalty"),
        });
        if (!plan.ok) return warn(plan.reason);
        return { plan, roll };
      },
      post: ({ plan, roll }, source) =>
        note(
          actor,
          localize(`${KEY}.Heal.Title`, { name: actor.name ?? "" }),
          [
            localize(`${KEY}.Heal.Line`, {
              face: String(plan.result.face),
              spent: String(plan.result.hitPointsSpent),
              total: String(plan.result.total),
              difficulty: String(plan.result.difficulty),
            }),
            localize(plan.result.success ? `${KEY}.Heal.Healed` : `${KEY}.Heal.NotHealed`, {
              before: localize(`POLYVERSE.Tales.Wound.${source.level}`),
              after: localize(`POLYVERSE.Tales.Wound.${plan.result.level}`),
            }),
          ],
          [roll],
        ),
      apply: async ({ plan }) => {
        await actor.update({
          "system.health.level": plan.update.level,
          "system.health.lastHealAttempt": plan.update.lastHealAttempt,
          "system.hp.value": plan.update.hp,
          "system.essence.value": plan.update.essence,
        } as never);
      },
    },
  );
  return outcome.status === "done";
}

/** The medic's stabilisation test on an unstable patient (Mental + Medicine against 5/7/9/11). */
export async function stabilise(
  medic: AnyActor,
  patient: AnyActor,
  _options: { event?: Event | null } = {},
): Promise<boolean> {
  if (!isTalesLiving(medic) || !isTalesLiving(patient)) return false;
  if (!medic.isOwner) return Boolean(warn("NotYours", { name: medic.name ?? "" }));
  // The patient's record is changed here: a medic who does not own the patient asks the GM.
  if (!patient.isOwner) return Boolean(warn("AskGM", { name: patient.name ?? "" }));
  if (!livingSystem(patient).health.unstable) return Boolean(warn("Stable", { name: patient.name ?? "" }));
  const outcome = await runRoll(
    { ruleset: "tales", kind: "stabilise", subject: medic },
    {
      configure: () => ({ medic: livingSystem(medic), patientLevel: livingSystem(patient).health.level }),
      dialog: (config) => config,
      evaluate: async (config) => {
        const roll = await new foundry.dice.Roll("1d6").evaluate();
        const face = roll.dice[0]?.results[0]?.result ?? 1;
        const plan = stabilisePlan({
          medic: {
            mental: config.medic.attributes.mental,
            medicine: config.medic.skills.medicine,
            level: config.medic.health.level,
          },
          patientLevel: config.patientLevel,
          face,
          criticalWoundRule: talesSetting("criticalWoundRule"),
        });
        if (!plan.ok) return warn(plan.reason);
        return { plan, roll, face };
      },
      post: ({ plan, roll, face }) =>
        note(
          medic,
          localize(`${KEY}.Stabilise.Title`, { medic: medic.name ?? "", patient: patient.name ?? "" }),
          [
            localize(`${KEY}.Stabilise.Line`, {
              face: String(face),
              total: String(plan.total),
              difficulty: String(plan.difficulty),
            }),
            localize(plan.success ? `${KEY}.Stabilise.Success` : `${KEY}.Stabilise.Failure`, {
              patient: patient.name ?? "",
            }),
          ],
          [roll],
        ),
      apply: async ({ plan }) => {
        if (plan.success) await patient.update({ "system.health.unstable": false } as never);
      },
    },
  );
  return outcome.status === "done";
}
