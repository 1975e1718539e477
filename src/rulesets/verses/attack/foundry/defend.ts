/**
 * 'Verses attacks in Foundry (see `../attack.ts`): Dodge, Parry and Resist from a card row: the defender's pool and roll.
 */
import { localize } from "../../../../core/i18n";
import { rulesText } from "../../base/rules-message-logic";
import type { DialogMessage } from "../../../../core/roll-dialog-model";
import type { PoolRequest } from "../../data/pools";
import { armourSystem } from "../../data/systems";
import type { RollChoice, VersesDialogInput } from "../../rolls/dialog";
import { runRoll } from "../../../../core/rolls/pipeline";
import { postRoll } from "../../../../core/rolls/post";
import {
  applyRollChanges,
  chooseRoll,
  dialogCommon,
  inFastAction,
  livingSystem,
  preparePoolRoll,
  type LivingSystem,
  type PreparedRoll,
} from "../../rolls/roll-common";
import type { VersesRoll } from "../../rolls/verses-roll";
import { type WeaponModeSource } from "../../data/weapon-modes";
import { checkParry } from "../../rules";
import { versesOption, versesSetting } from "../../base/settings";
import { modeFeatures } from "../../data/ammo-logic";
import { type AttackCard, type DefenceRecord } from "../attack-logic";

import { cardOp } from "./operations";
import {
  KEY,
  TWO_WEAPON_SKILL,
  allocated,
  cardOf,
  twoWeaponCandidates,
  warn,
  weaponSystem,
  type AnyActor,
  type AnyItem,
  type Message,
} from "./shared";
/** A defence against an attack card's row. */
type DefenceKind = "dodge" | "parry" | "resist";

// ---- defences ----------------------------------------------------------------------------------

/** What a defender may parry with: equipped weapons and wielded shields with the Parry feature. */
function parryChoices(actor: AnyActor, card: AttackCard) {
  const s = livingSystem(actor);
  const prone = s.conditions.some((c) => c.id === "prone");
  const stunned = s.conditions.some((c) => c.id === "stunned");
  const options = versesOption("parry");
  const twf = allocated(s, TWO_WEAPON_SKILL);
  const out: {
    label: string;
    request: PoolRequest;
    minimumAD: number;
    problem: DialogMessage | null;
    weapon: NonNullable<DefenceRecord["weapon"]>;
  }[] = [];
  const add = (
    item: AnyItem,
    mode: WeaponModeSource | null,
    modeIndex: number,
    skill: string,
    rating: number,
    fast: boolean,
  ) => {
    const check = checkParry(
      {
        defenceParry: rating,
        skillAllocated: allocated(s, skill),
        attackParry: card.weapon.parry,
        prone,
        stunned,
      },
      options,
    );
    // Two Weapon Fighting: "Any allocated dice may be added to any attacks or parries with either
    // weapon" while a second weapon is held (equipped, its skill allocated, as the skill requires).
    const other =
      mode && twf >= 1 && allocated(s, skill) >= 1
        ? twoWeaponCandidates(actor, item).find((c) => allocated(s, c.mode.skill) >= 1)
        : undefined;
    const rated = localize(`${KEY}.ParryRating`, { rating: String(rating) });
    out.push({
      label: `${item.name}${mode?.name ? `: ${mode.name}` : ""} (${rated})`,
      request: {
        skill,
        action: "parry",
        ...(other ? { extra: [{ label: "POLYVERSE.Verses.Dialog.TwoWeaponDice", dice: twf }] } : {}),
      },
      minimumAD: check.ok ? check.value.minimumAD : 1,
      problem: check.ok
        ? null
        : { key: `${KEY}.Refused`, data: { reason: rulesText(check.reason, localize) } },
      weapon: {
        itemUuid: item.uuid,
        modeIndex,
        name: item.name ?? "",
        fast,
        parry: rating,
        pair: other
          ? {
              itemUuid: other.item.uuid,
              modeIndex: other.modeIndex,
              name: other.item.name ?? "",
              fast: modeFeatures(other.mode).fast,
            }
          : null,
      },
    });
  };
  for (const item of actor.items) {
    if (item.type === "verses-weapon") {
      const w = weaponSystem(item);
      w.modes.forEach((mode, i) => {
        const f = modeFeatures(mode);
        if (f.parry !== null && w.equipped !== false) add(item, mode, i, mode.skill, f.parry, f.fast);
      });
    } else if (item.type === "verses-armour") {
      const a = armourSystem(item);
      const f = modeFeatures({ name: "", skill: "", test: "1S", damage: "", features: a.features ?? [] });
      if (a.class === "shield" && a.worn && f.parry !== null)
        add(item, null, 0, "Armor » Shields", f.parry, f.fast);
    }
  }
  return out;
}

/** The pool a grappling target resists with: "PRW + Skill → PRW [+ Skill]" (its Grappling if allocated). */
function resistRequest(s: LivingSystem): PoolRequest {
  const grappling = allocated(s, "Grappling");
  return {
    attribute: "prw",
    ...(grappling > 0 ? { extra: [{ label: `${KEY}.Pool.Grappling`, dice: grappling }] } : {}),
  };
}

function forbiddenMessage(s: LivingSystem, action: "dodge" | "parry"): DialogMessage | null {
  const reason = s.forbidden?.[action];
  return reason ? { key: `POLYVERSE.Verses.ActorSheet.Forbidden.${reason}` } : null;
}

/** What a defence's dialog is asked with, and what the later steps read again. */
interface DefenceConfig {
  card: AttackCard;
  /** The attack card's id. */
  attackId: string;
  label: string;
  parries: ReturnType<typeof parryChoices>;
  reaction: "dodge" | "parry" | undefined;
  input: VersesDialogInput;
}

/** The `configure` step: the row still open, the weapons the defender may parry with, the dialog's input. */
function configureDefence(
  defender: AnyActor,
  message: Message,
  index: number,
  kind: DefenceKind,
  choice: RollChoice,
): DefenceConfig | null {
  const card = cardOf(message);
  const row = card?.targets[index];
  if (!card || !row || !message.id) return null;
  if (row.defence || row.taken) {
    warn(`${KEY}.AlreadySettled`, { name: row.name });
    return null;
  }
  const s = livingSystem(defender);
  const parries = kind === "parry" ? parryChoices(defender, card) : [];
  if (kind === "parry" && !parries.length) {
    warn(`${KEY}.NoParryWeapon`, { name: defender.name ?? "" });
    return null;
  }
  const label = `${KEY}.Defence.${kind}`;
  // A grappling resistance adds no AD unless the world allows it (then the Dodge reservation first).
  const resistAD = kind === "resist" && versesSetting("grappleDefenderAD");
  const reaction = kind === "resist" ? (resistAD ? "dodge" : undefined) : kind;
  const input: VersesDialogInput = {
    kind: "defence",
    defence: kind,
    label,
    ...(kind === "dodge" ? { request: { attribute: "prw" as const, action: "dodge" as const } } : {}),
    ...(kind === "resist" ? { request: resistRequest(s) } : {}),
    ...(kind === "parry" ? { weapons: parries } : {}),
    forbidden: kind === "resist" ? null : forbiddenMessage(s, kind),
    allowAD: kind !== "resist" || resistAD,
    ...dialogCommon(
      defender,
      { ...choice, target: 0, ...(kind === "resist" && !resistAD ? { ad: 0 } : {}) },
      reaction,
    ),
  };
  return { card, attackId: message.id, label, parries, reaction, input };
}

/** The `evaluate` step: the defender's pool (the parry weapon chosen) rolled, with its AD spent. */
function evaluateDefence(
  defender: AnyActor,
  index: number,
  kind: DefenceKind,
  c: DefenceConfig,
  settled: RollChoice,
): Promise<PreparedRoll | null> {
  const chosen = kind === "parry" ? c.parries[settled.weaponIndex ?? 0] : undefined;
  const fastAction = inFastAction(defender);
  const request: PoolRequest =
    kind === "parry"
      ? { ...(chosen?.request ?? {}), fastAction }
      : kind === "dodge"
        ? { attribute: "prw", action: "dodge", fastAction }
        : { ...resistRequest(livingSystem(defender)), fastAction };
  return preparePoolRoll(
    defender,
    request,
    {
      label: c.label,
      kind: "defence",
      defence: {
        kind,
        attackMessageId: c.attackId,
        index,
        ...(chosen ? { weapon: chosen.weapon } : {}),
      },
    },
    { ...settled, target: 0 },
    {
      minimum: kind === "parry" ? (chosen?.minimumAD ?? 1) : kind === "dodge" ? 1 : 0,
      ...(c.reaction ? { reaction: c.reaction } : {}),
    },
  );
}

/**
 * Defend against a card's attack as core's roll pipeline (kind `"defence"`): Dodge (`PRW + #AD`),
 * Parry (the weapon's skill + #AD, at least the parry-rating minimum, only with a Parry weapon
 * against a Parry weapon) or a grappling resistance. `configure` checks the row is still open,
 * the `dialog` (unless skipped), `evaluate` rolls the pool with its AD spent (a reservation for it
 * first), `post` posts the defence as its own roll (Dice So Nice animates it), `apply` spends the AD
 * and updates the attack card with the net result. Null when refused, cancelled or vetoed by a
 * `polyverse.*` roll hook.
 */
export async function defend(
  defender: AnyActor,
  message: Message,
  index: number,
  kind: DefenceKind,
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
  const outcome = await runRoll(
    { ruleset: "verses", kind: "defence", subject: defender },
    {
      configure: () => configureDefence(defender, message, index, kind, choice),
      dialog: (config) => chooseRoll(config.input),
      evaluate: (config, settled) => evaluateDefence(defender, index, kind, config, settled),
      post: async (prepared, config, settled) =>
        ((await postRoll(prepared.roll, {
          actor: defender,
          flavor: localize(`${KEY}.Defence.Against`, {
            weapon: config.card.weapon.label,
            attacker: config.card.attacker.name,
          }),
          rollMode: settled.rollMode ?? null,
        })) as Message | null | undefined) ?? null,
      apply: async (prepared, posted) => {
        await applyRollChanges(posted, prepared.changes);
        if (posted?.id) await cardOp(message, { op: "defend", index, defenceMessageId: posted.id });
      },
    },
  );
  return outcome.status === "done" ? outcome.context.rolled.roll : null;
}
