/**
 * A Maelstrom attack on core's roll pipeline (kind "attack"): a Maelstrom roll with a weapon. It
 * gathers the weapon, the targets and whether Precision is allowed (`configure`; a weapon with no
 * round loaded is refused with a message), asks the roller through the attack dialog (the trait
 * dialog with the weapon's options; `dialog`), rolls and works out the Willpower spent against
 * wounds, applying nothing (`evaluate`), posts the `maelstrom-attack` card with one row per target
 * (`post`), then spends the round and records the aim (`apply`).
 */
import { postCard } from "../../../core/cards";
import { applyPosted, splitChanges } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { runRoll } from "../../../core/rolls/pipeline";
import { rollModeFor } from "../../../core/rolls/post";
import { maelstromSetting } from "../base/settings";
import { livingSystem, weaponSystem } from "../data/systems";
import { MaelstromRoll } from "../rolls";
import { rollChanges } from "../rolls/changes-logic";
import { resolveDice } from "../rolls/roll-logic";
import { chooseRoll } from "../../../core/roll-dialog";
import { dialogInput, type RollCommon } from "../rolls/roll-actions";
import { isLiving } from "../documents/health";
import { afterAttack, fullLoad, usesAmmunition } from "./ammo-logic";
import { ATTACK_CARD, newAttackCard, type AttackCard } from "./attack-card-logic";
import {
  attackDialogModel,
  attackPlan,
  type AttackDialogInput,
  type AttackDialogState,
} from "./attack-dialog-logic";
import { strengthOf, type AnyActor, type AnyItem, type Message } from "./attack-shared";
import { recordAim } from "./turns";
import { precisionAllowed } from "./turn-logic";

const KEY = "POLYVERSE.Maelstrom.Combat.AttackDialog";
const warn = (key: string, data?: Record<string, string>) => ui.notifications?.warn(localize(key, data));

type AnyToken = foundry.canvas.placeables.Token.Implementation;

/** A target of the attack: a token on the canvas (or an actor without one). */
export type AttackTarget = AnyToken | AnyActor;

/** `rollAttack`'s options. */
export interface AttackOptions extends RollCommon {
  /** The targets (tokens or actors); by default the user's targeted tokens. */
  targets?: readonly AttackTarget[];
  /** Start with "covering this area since last turn" ticked (Precision allowed). */
  covering?: boolean;
}

interface TargetRow {
  actorUuid: string;
  tokenUuid: string | null;
  tokenId: string | null;
  name: string;
}

function targetRows(targets: readonly AttackTarget[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const t of targets) {
    if (t instanceof Actor) {
      if (isLiving(t)) rows.push({ actorUuid: t.uuid, tokenUuid: null, tokenId: null, name: t.name ?? "" });
      continue;
    }
    const token = t as AnyToken;
    const actor = token.actor as AnyActor | null;
    if (!isLiving(actor)) continue;
    rows.push({
      actorUuid: actor.uuid,
      tokenUuid: token.document?.uuid ?? null,
      tokenId: token.document?.id ?? null,
      name: token.name ?? actor.name ?? "",
    });
  }
  return rows;
}

interface AttackConfig {
  input: AttackDialogInput;
  rows: TargetRow[];
}

/** The attack's set-up, or null (refused with a message). */
function configure(actor: AnyActor, weapon: AnyItem, options: AttackOptions): AttackConfig | null {
  if (!isLiving(actor) || weapon.type !== "maelstrom-weapon" || weapon.parent !== actor) {
    warn(`${KEY}.NotAWeapon`);
    return null;
  }
  const w = weaponSystem(weapon);
  if (!afterAttack(w).ok) {
    warn(`${KEY}.Empty`, { weapon: weapon.name ?? "" });
    return null;
  }
  const rows = targetRows(options.targets ?? [...(game.user?.targets ?? [])]);
  const state = livingSystem(actor).combat;
  const combat = game.combat?.started ? game.combat : null;
  const aimed =
    rows.length > 0 &&
    rows.every((r) => precisionAllowed({ state, targetTokenId: r.tokenId, combat, covering: false }));
  const trait = dialogInput(actor, "action", {
    ability: w.ability,
    attack: true,
    ignoresReflexivePenalty: w.ignoresReflexivePenalty,
  });
  return {
    rows,
    input: {
      trait,
      category: w.category,
      ability: w.ability,
      aimed,
      targets: rows.map((r) => r.name),
      ammo: usesAmmunition(w) ? { loaded: w.loaded, full: fullLoad(w) } : null,
    },
  };
}

interface Rolled {
  roll: MaelstromRoll;
  card: AttackCard;
  changes: DocumentChange[];
  rollMode: string;
}

/** Roll the attack from the dialog's state, nothing applied. */
async function evaluate(
  actor: AnyActor,
  weapon: AnyItem,
  config: AttackConfig,
  settled: { state: AttackDialogState; rollMode: string },
): Promise<Rolled | null> {
  const plan = attackPlan(config.input, settled.state);
  const problem = plan.problems[0];
  if (problem) {
    warn(problem.key, problem.data);
    return null;
  }
  const roll = await MaelstromRoll.rollPool(plan.options);
  const read = roll.read;
  if (!read) throw new Error("Polyverse: a Maelstrom attack roll could not be read back");
  const result = resolveDice(read.options, read.rolled);
  const { change } = rollChanges(
    { uuid: actor.uuid, name: actor.name ?? "" },
    plan.options,
    result,
    config.input.trait.willpower,
    {
      spend: plan.spendWillpower,
      usePending: plan.usePending,
      round: config.input.trait.combatRound,
    },
  );
  const w = weaponSystem(weapon);
  const [attribute = "", ability = ""] = plan.options.traits.map((t) => t.split(".")[1] ?? "");
  const card = newAttackCard({
    attacker: { actorUuid: actor.uuid, name: actor.name ?? "", tokenUuid: actor.token?.uuid ?? null },
    weapon: {
      itemUuid: weapon.uuid,
      name: weapon.name ?? "",
      category: w.category,
      damage: w.damage,
      addStrength: w.addStrength,
      damageType: w.damageType,
    },
    strength: strengthOf(actor),
    attack: {
      attribute,
      ability,
      pool: plan.options.pool,
      difficulty: plan.options.difficulty,
      threshold: plan.options.threshold,
      faces: read.rolled.dice,
      bonusFaces: read.rolled.bonus,
      successes: result.finalSuccesses,
      outcome: result.outcome,
      exploding: plan.options.exploding,
    },
    settings: {
      damageMode: maelstromSetting("damageMode"),
      extraSuccessesAddDamage: maelstromSetting("extraSuccessesAddDamage"),
    },
    targets: config.rows.map(({ actorUuid, tokenUuid, name }) => ({ actorUuid, tokenUuid, name })),
  });
  return { roll, card, changes: change ? [change] : [], rollMode: settled.rollMode };
}

async function post(actor: AnyActor, rolled: Rolled, flavor: string | undefined) {
  const { now, pending } = await splitChanges(rolled.changes);
  const message = await postCard({
    kind: ATTACK_CARD,
    card: rolled.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: localize("POLYVERSE.Maelstrom.Combat.Attack.Title", {
      attacker: rolled.card.attacker.name,
      weapon: rolled.card.weapon.name,
    }),
    flavor: flavor ?? "",
    rollMode: rollModeFor(rolled.rollMode || null),
    rolls: [rolled.roll],
    pending,
  });
  return { message: message as Message | null, now };
}

/** After the card: the Willpower spent, the round fired, the aim recorded. */
async function apply(
  actor: AnyActor,
  weapon: AnyItem,
  config: AttackConfig,
  posted: { message: Message | null; now: DocumentChange[] },
) {
  await applyPosted(posted);
  const fired = afterAttack(weaponSystem(weapon));
  if (fired.ok && fired.loaded !== null) await weapon.update({ "system.loaded": fired.loaded } as never);
  await recordAim(actor, config.rows[0]?.tokenId ?? null);
}

/**
 * Attack with a weapon: the roll dialog with the weapon's options (or its defaults with the skip key
 * or `skipDialog`), then the `maelstrom-attack` card with one row per target. Returns the card's
 * message, or null when refused, cancelled or vetoed by a `polyverse.*` roll hook.
 */
export async function rollAttack(
  actor: AnyActor,
  weapon: AnyItem,
  options: AttackOptions = {},
): Promise<Message | null> {
  const outcome = await runRoll(
    { ruleset: "maelstrom", kind: "attack", subject: actor },
    {
      configure: () => configure(actor, weapon, options),
      dialog: (config) => {
        const model = attackDialogModel(config.input, weapon.name ?? "", localize);
        const start = options.covering ? model.change(model.start, "covering", true) : model.start;
        return chooseRoll({ ...model, start }, options);
      },
      evaluate: (config, settled) => evaluate(actor, weapon, config, settled),
      post: (rolled) => post(actor, rolled, options.flavor),
      apply: (_rolled, posted, config) => apply(actor, weapon, config, posted),
    },
  );
  return outcome.status === "done" ? outcome.context.posted.message : null;
}
