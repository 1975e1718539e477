/**
 * Tales's own health actions (the descriptor's `actions`: `heal`, `rest`), each with a small dialog
 * (skipped with the skip key, or when a macro passes its choice) and a chat note. Healing runs on
 * core's roll pipeline (kind "healing"). Each changes only the actor, which the user must own (a GM
 * owns all). The medic's tests and the hold-on roll are care-actions.ts.
 */
import { localize } from "../../../core/i18n";
import { isSkipDialogHeld } from "../../../core/keybindings";
import { runRoll } from "../../../core/rolls/pipeline";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { lastCare, talesFlag } from "./care-card";
import { CARE_FLAGS } from "./care-card-logic";
import { careWait, healPlan, restPlan, type HealthSource } from "./health-logic";

type AnyActor = Actor.Implementation;
const KEY = "POLYVERSE.Tales.Health";

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
    comaDays: s.health.comaDays,
  };
}

/**
 * Whether a medic's care test succeeded for the patient in this healing cycle, since their last healing
 * attempt ("as long as they are successful, the wounded citizen may roll two dice for their healing
 * test"): the default of `heal`'s `medicSucceeded`.
 */
export function medicSucceededFor(actor: AnyActor): boolean {
  const s = livingSystem(actor);
  const when = lastCare(actor);
  const worldTime = game.time?.worldTime ?? 0;
  return (
    talesFlag(actor, CARE_FLAGS.careSucceeded) === true &&
    when > s.health.lastHealAttempt &&
    careWait(s.health.level, when, worldTime) > 0
  );
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
const checkField = (name: string, label: string, checked = false) =>
  `<div class="form-group"><label for="pv-t-${name}">${esc(label)}</label><div class="form-fields"><input id="pv-t-${name}" type="checkbox" name="${name}"${checked ? " checked" : ""}></div></div>`;

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
  await actor.update({
    "system.hp.value": after.hp,
    "system.essence.value": after.essence,
    "system.health.comaDays": after.comaDays,
  } as never);
  const coma = before.comaDays ?? 0;
  await note(actor, localize(`${KEY}.Rest.Title`, { name: actor.name ?? "" }), [
    localize(`${KEY}.Rest.Line`, {
      hours: String(hours),
      hp: `${before.hp} → ${after.hp}`,
      essence: `${before.essence} → ${after.essence}`,
    }),
    ...(coma > 0
      ? [
          after.comaDays > 0
            ? localize(`${KEY}.Rest.ComaLeft`, { days: String(after.comaDays) })
            : localize(`${KEY}.Rest.ComaOver`, { name: actor.name ?? "" }),
        ]
      : []),
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
        const medic = options.medicSucceeded ?? medicSucceededFor(actor);
        if (options.sacrifice !== undefined || isSkipDialogHeld(options.event ?? null))
          return {
            sacrifice: wholeOr(options.sacrifice ?? source.hp, source.hp),
            medicSucceeded: medic,
            spendEssence: options.spendEssence ?? false,
          };
        const form = await ask(
          localize(`${KEY}.Heal.Title`, { name: actor.name ?? "" }),
          numberField("sacrifice", localize(`${KEY}.Heal.Sacrifice`), source.hp, 0, source.hp) +
            checkField("medicSucceeded", localize(`${KEY}.Heal.Medic`), medic) +
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
        if (!plan.ok) return warn(plan.reason, { name: actor.name ?? "" });
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
