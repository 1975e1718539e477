/**
 * 'Verses conditions in Foundry: the status effects of the token HUD, their localised descriptions,
 * the conditions they bring with them, and the explanations of the actions they forbid. The
 * decisions are in conditions-logic.ts (Foundry-free); this module only reads settings and
 * documents, and shows or saves.
 *
 * No status effect changes `system.modifiers`: `deriveLiving` applies each condition's AD and dice
 * from the actor's statuses (see conditions-logic.ts). Intoxicated alone carries Active Effect
 * changes: its level's attribute changes, which nothing else applies.
 */
import { CONDITION_PAGES } from "../base/condition-pages";
import { configuredStatusEffects, effectChanges, offeredStatusIds } from "../../../core/compat";
import { effectChangesOf } from "../../../core/compat-logic";
import type { StatusEffectConfig } from "../../../core/registry";
import { onOwnedDocumentHook } from "../../../core/owners";
import { VERSES_ID, versesFlagData, versesFlagPath, versesFlags } from "../base/flags";
import {
  SPECIAL_STATUS_EFFECTS,
  conditionDescriptionHtml,
  conditionStatusData,
  forbiddenExplanation,
  forbiddenRefusal,
  formatMessage,
  impliedConditionsToAdd,
  intoxicatedEffectChanges,
  worldConditionIds,
  type EffectChange,
  type I18nMessage,
  type Localizer,
} from "../base/conditions-logic";
import { CONDITIONS, conditionApplies, type ActionId, type ActorKind, type ConditionId } from "../rules";
import { versesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";

const i18n = (): Localizer => game.i18n as unknown as Localizer;
const text = (m: I18nMessage): string => formatMessage(m, i18n());
const isConditionId = (id: string): id is ConditionId => Object.hasOwn(CONDITIONS, id);

/**
 * The 'Verses status effects (the descriptor's `statusEffects`, called at init after the settings are
 * registered): the eight core conditions, plus Intoxicated when the Intoxication module setting is
 * on. `name` and `description` are i18n keys; {@link localizeVersesStatusEffects} turns the
 * descriptions into HTML once the translations are loaded.
 */
export function versesStatusEffects(
  intoxication: boolean = versesSetting("intoxication"),
): StatusEffectConfig[] {
  return worldConditionIds(intoxication).map((id) => {
    const { changes, ...data } = conditionStatusData(id);
    return {
      ...data,
      // v13 `changes` with a mode; v14 `system.changes` with a type (compat.ts).
      ...effectChanges(changes),
      flags: { polyverse: { verses: { ...data.flags.polyverse.verses } } },
    };
  });
}

/**
 * What to assign into `CONFIG.specialStatusEffects` while 'Verses is active (at init):
 * `Object.assign(CONFIG.specialStatusEffects, versesSpecialStatusEffects())`. DEFEATED is Moribund.
 */
export function versesSpecialStatusEffects(): { DEFEATED: string } {
  return { ...SPECIAL_STATUS_EFFECTS };
}

/**
 * Replace each 'Verses status effect's description key in `CONFIG.statusEffects` with its HTML (the
 * description, the rules lines generated from the rules data, and the note that the system applies
 * the numbers). Call at `i18nInit` or `setup` (the translations are not loaded at init).
 */
export function localizeVersesStatusEffects(effects: readonly object[] = configuredStatusEffects()): void {
  for (const effect of effects as { id?: string; description?: string; flags?: Record<string, unknown> }[]) {
    const condition = versesFlags(effect).condition;
    if (typeof condition === "string" && isConditionId(condition))
      effect.description =
        conditionDescriptionHtml(condition, i18n(), { note: true }) +
        `<p>@UUID[${CONDITION_PAGES[condition]}]{${i18n().localize("POLYVERSE.Verses.Condition.Reference")}}</p>`;
  }
}

/** A condition's tooltip for sheets (`data-tooltip` HTML): its name, description and rules lines. */
export function conditionTooltip(id: ConditionId): string {
  return conditionDescriptionHtml(id, i18n(), { title: true });
}

// ---- forbidden actions -----------------------------------------------------------------------

type Forbidden = Partial<Record<ActionId, string>>;
const forbiddenOf = (actor: Actor.Implementation): Forbidden => livingSystem(actor).forbidden ?? {};

/** The tooltip of one action's control on a sheet: why it is forbidden, or undefined when it is not. */
export function forbiddenTooltip(forbidden: Forbidden, action: ActionId): string | undefined {
  const reason = forbidden[action];
  return reason === undefined ? undefined : text(forbiddenExplanation(action, reason));
}

/**
 * Before a roll or an action: when the actor's conditions forbid `action`, warn with the reason and
 * return true (the caller stops); else false. `forbidden` defaults to the actor's `system.forbidden`.
 */
export function refuseForbiddenAction(
  actor: Actor.Implementation,
  action: ActionId,
  forbidden: Forbidden = forbiddenOf(actor),
): boolean {
  const reason = forbidden[action];
  if (reason === undefined) return false;
  ui.notifications?.warn(text(forbiddenRefusal(action, reason)));
  return true;
}

// ---- hooks -----------------------------------------------------------------------------------

type AnyEffect = ActiveEffect.Implementation;

/** The 'Verses actor kind of an effect's parent, when it is a 'Verses character or creature. */
function livingParent(effect: AnyEffect): { actor: Actor.Implementation; kind: ActorKind } | undefined {
  const parent = effect.parent as unknown as {
    documentName?: string;
    type?: string;
    system?: unknown;
  } | null;
  if (parent?.documentName !== "Actor") return undefined;
  if (parent.type !== "verses-character" && parent.type !== "verses-creature") return undefined;
  const kind = (parent.system as { kind?: ActorKind }).kind ?? "biological";
  return { actor: parent as unknown as Actor.Implementation, kind };
}

function effectConditions(statuses: Iterable<string>): ConditionId[] {
  return [...statuses].filter(isConditionId);
}

/**
 * `preCreateActiveEffect`: refuse a condition the actor's kind cannot have ("Prone ... not
 * applicable to some constructs and all incorporeals"; Intoxicated is for biologicals), with a
 * warning. Constructs may be Prone (the GM decides; a construct with a body can lie down).
 */
export function onVersesPreCreateActiveEffect(
  effect: AnyEffect,
  data: unknown,
  _options: unknown,
  userId: string,
): boolean | void {
  if (userId !== game.user?.id) return;
  const owner = livingParent(effect);
  if (!owner) return;
  const given = (data as { statuses?: unknown } | null)?.statuses;
  const statuses =
    Array.isArray(given) || given instanceof Set ? (given as Iterable<string>) : effect.statuses;
  for (const id of effectConditions(statuses ?? [])) {
    if (conditionApplies(id, owner.kind)) continue;
    ui.notifications?.warn(
      text({
        key: "POLYVERSE.Verses.Conditions.Inapplicable",
        data: {
          condition: { key: `POLYVERSE.Verses.Condition.${id}` },
          kind: { key: `POLYVERSE.Verses.Conditions.Kind.${owner.kind}` },
          actor: owner.actor.name ?? "",
        },
      }),
    );
    return false;
  }
}

/**
 * `createActiveEffect`: a new condition brings the conditions the rules imply as their own status
 * effects (Moribund: Unconscious; Unconscious, for a biological: Prone), so each shows on the token
 * and ends on its own; and a new Intoxicated effect takes the actor's current level's changes.
 */
export async function onVersesCreateActiveEffect(
  effect: AnyEffect,
  _options: unknown,
  userId: string,
): Promise<void> {
  if (userId !== game.user?.id) return;
  const owner = livingParent(effect);
  if (!owner) return;
  const offered = offeredStatusIds();
  for (const id of effectConditions(effect.statuses)) {
    const level = id === "intoxicated" ? intoxicationLevelOf(owner.actor) : undefined;
    const added = level === undefined ? id : { id, level };
    for (const implied of impliedConditionsToAdd(added, owner.actor.statuses, owner.kind)) {
      if (offered.has(implied) && !owner.actor.statuses.has(implied))
        await owner.actor.toggleStatusEffect(implied, { active: true });
    }
    if (id === "intoxicated") await syncIntoxicatedEffect(owner.actor);
  }
}

function intoxicationLevelOf(actor: Actor.Implementation): number {
  const conditions = versesFlags(actor).conditions as Record<string, { level?: unknown }> | undefined;
  const level = conditions?.intoxicated?.level;
  return typeof level === "number" && level >= 1 ? Math.floor(level) : 1;
}

const sameChanges = (a: readonly EffectChange[], b: readonly EffectChange[]) =>
  a.length === b.length &&
  a.every((c, i) => c.key === b[i]?.key && c.mode === b[i]?.mode && c.value === b[i]?.value);

/**
 * Give the actor's Intoxicated status effect the attribute changes of its Intoxication Level (the
 * level is `flags.polyverse.verses.conditions.intoxicated.level`, 1 when unset). Call from `updateActor`
 * when that flag changes (the intoxication tracker may call it directly). Does nothing without an
 * Intoxicated effect or when the changes already match.
 */
async function syncIntoxicatedEffect(actor: Actor.Implementation): Promise<void> {
  const level = intoxicationLevelOf(actor);
  const changes = intoxicatedEffectChanges(level);
  for (const effect of actor.effects) {
    if (!effect.statuses.has("intoxicated")) continue;
    // Read and written in the running Foundry's shape (v14 moved them to `system.changes`).
    if (sameChanges(changes, effectChangesOf(effect as { changes?: unknown; system?: unknown }))) continue;
    const update = {
      ...effectChanges(changes),
      flags: versesFlagData({ condition: "intoxicated", intoxicationLevel: level }),
    } as unknown as ActiveEffect.UpdateData;
    await effect.update(update);
  }
}

/**
 * Register the condition hooks above on Foundry's hooks (each acts only on 'Verses characters and
 * creatures); call once at init. `updateActor` keeps an Intoxicated effect's changes in step with
 * the level in `flags.polyverse.verses.conditions.intoxicated.level`.
 */
export function registerVersesConditionHooks(): void {
  onOwnedDocumentHook(VERSES_ID, "preCreateActiveEffect", onVersesPreCreateActiveEffect);
  onOwnedDocumentHook(
    VERSES_ID,
    "createActiveEffect",
    (effect: AnyEffect, options: unknown, userId: string) => {
      void onVersesCreateActiveEffect(effect, options, userId);
    },
  );
  onOwnedDocumentHook(
    VERSES_ID,
    "updateActor",
    (actor: Actor.Implementation, changes: object, _options: unknown, userId: string) => {
      if (userId !== game.user?.id) return;
      if (actor.type !== "verses-character" && actor.type !== "verses-creature") return;
      if (versesFlags(changes).conditions !== undefined || versesFlagPath("conditions") in changes)
        void syncIntoxicatedEffect(actor);
    },
  );
}
