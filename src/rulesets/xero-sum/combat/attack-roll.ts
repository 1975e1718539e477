/**
 * `rollAttack`: a Xero Sum attack on core's roll pipeline (kind "attack"). configure gathers the
 * attacker's numbers, its weapons (and bare fists), the targets (the given one, else the user's
 * targeted tokens) with the band measured between the tokens (attack-logic.ts `bandOfMetres`) and
 * each target's DM and round; dialog is the attack dialog (attack-dialog-logic.ts) or its defaults;
 * evaluate rolls each shot's dice as a `XeroSumRoll` (2d6, 3d6 with an Insight Die on the first: the
 * rolls folder's Roll class, so Dice So Nice throws them and the card's roll is rebuilt after a
 * reload); post posts a card per shot (the active GM resolves them: attack-card.ts); apply spends the
 * Insight, the ammunition, and keeps a Moment's Insight Die on the attacker (the card says `gained`,
 * so a Moment the Insight Dice make later on the card gives no second die).
 */
import { actorToken, metresBetweenTokens, targetedTokens } from "../../../core/board";
import { postCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { applyChange } from "../../../core/changes";
import { livingSystem } from "../data/systems";
import { xeroSumSetting } from "../base/settings";
import { burstBystanders, burstRounds, hasCharacteristic, roundsFired, type RangeBand } from "../rules";
import { XeroSumRoll, attackRollOptions, insightChange } from "../rolls";
import { bystandersOf } from "./damage-roll";
import {
  bandOfMetres,
  partsOf,
  planAttack,
  shotsOf,
  type AttackAction,
  type AttackChoice,
} from "./attack-logic";
import {
  attackDialogModel,
  choiceOf,
  shotState,
  type AttackDialogInput,
  type AttackDialogState,
  type DialogTarget,
  type DialogWeapon,
} from "./attack-dialog-logic";
import { ATTACK_CARD, FIGHT_KEY, momentAtRoll, type AttackCard } from "./attack-card-logic";
import { attackSettings } from "./attack-read";
import {
  attackerViewOf,
  defenderViewOf,
  isLiving,
  targetKeyOf,
  weaponOf,
  type AnyActor,
  type AnyItem,
} from "./shared";

type Message = ChatMessage.Implementation;

/** What `rollAttack` takes besides the attacker and the weapon. */
export interface RollAttackOptions {
  /** The target (null: none); by default the user's first targeted token. */
  target?: AnyActor | null;
  /** The range band; by default measured between the tokens, else the weapon's own band. */
  band?: RangeBand;
  action?: AttackAction;
  /** Rapid Fire: 1 or 2 actions. */
  actionsUsed?: 1 | 2;
  /** A free CMod (−5..+5). */
  cmod?: number;
  insight?: "extraDie" | "plusThree" | null;
  /** Roll at once with these choices (as the skip key does). */
  skipDialog?: boolean;
  event?: Event | null;
  rollMode?: string | null;
}

function targetsOf(actor: AnyActor, options: RollAttackOptions): DialogTarget[] {
  const given = options.target === undefined ? null : options.target ? [options.target] : [];
  const actors = given ?? targetedTokens().map((t) => t.actor as AnyActor);
  const from = actorToken(actor);
  const out: DialogTarget[] = [];
  for (const target of actors) {
    if (!isLiving(target) || target.uuid === actor.uuid || out.some((o) => o.uuid === target.uuid)) continue;
    const token = actorToken(target);
    const metres = from && token ? metresBetweenTokens(from, token) : null;
    out.push({
      uuid: target.uuid,
      name: target.name ?? "",
      key: targetKeyOf(target),
      measured: metres === null ? null : bandOfMetres(metres),
      defender: defenderViewOf(target),
    });
  }
  return out;
}

/** The dialog's input from the documents, the scene and the settings; null when it cannot attack. */
export function attackInput(
  actor: AnyActor,
  weapon: AnyItem | null,
  options: RollAttackOptions,
): AttackDialogInput | null {
  if (!isLiving(actor) || !actor.isOwner) return null;
  if (weapon && (weapon.type !== "xero-sum-weapon" || weapon.parent !== actor)) return null;
  const weapons = [
    ...actor.items
      .filter((i) => i.type === "xero-sum-weapon")
      .map((i) => ({ id: i.id!, name: i.name ?? "", weapon: weaponOf(i)! })),
    { id: "fists", name: localize(`${FIGHT_KEY}.Fists`), weapon: weaponOf(null)! },
  ];
  const targets = targetsOf(actor, options);
  const chosen = weapons.find((w) => w.id === (weapon?.id ?? "fists")) ?? weapons.at(-1)!;
  const first = targets[0] ?? null;
  const start: AttackDialogState = {
    weapon: chosen.id,
    action: options.action ?? "attack",
    target: first?.uuid ?? "",
    band: options.band ?? first?.measured ?? chosen.weapon.range,
    actionsUsed: options.actionsUsed ?? 1,
    cmod: Math.max(-5, Math.min(5, Math.trunc(options.cmod ?? 0))),
    insight: options.insight ?? "",
  };
  return {
    actorName: actor.name ?? "",
    attacker: attackerViewOf(actor),
    insightHeld: livingSystem(actor).insight.value,
    weapons,
    targets,
    settings: attackSettings(),
    start,
  };
}

interface RolledShot {
  card: AttackCard;
  roll: XeroSumRoll;
}

/** One attack's roll and card (nothing posted); null when the rules refuse it. */
async function rollOne(
  actor: AnyActor,
  input: AttackDialogInput,
  w: DialogWeapon,
  target: DialogTarget | null,
  choice: AttackChoice,
): Promise<RolledShot | null> {
  const view = { ...input.attacker, round: shotState(input.attacker.round, choice, w.weapon) };
  const plan = planAttack(view, w.weapon, target?.defender ?? null, choice, input.settings);
  if (!plan.ok) {
    ui.notifications?.warn(localize(`POLYVERSE.XeroSum.CombatRules.Problem.${plan.reason}`));
    return null;
  }
  const roll = await XeroSumRoll.rollAttack(attackRollOptions(choice.insight));
  const dice = roll.attack?.faces;
  if (!dice) throw new Error("Polyverse: a Xero Sum attack could not be read back");
  const item = w.id === "fists" ? null : actor.items.get(w.id);
  const resolution = target ? input.settings.attackResolution : "checkOnly";
  const insight = {
    momentOn3d6: input.settings.momentOn3d6,
    opposedInsight: xeroSumSetting("opposedInsight"),
  };
  return {
    roll,
    card: {
      attacker: { actorUuid: actor.uuid, name: actor.name ?? "" },
      weapon: { itemUuid: item?.uuid ?? "", name: w.name, key: w.weapon.key ?? "" },
      target: target ? { actorUuid: target.uuid, name: target.name } : null,
      choice,
      dice,
      preview: { parts: partsOf(plan.value), modifier: plan.value.modifier },
      resolution,
      resolved: null,
      refused: null,
      damageMessageId: null,
      ...(momentAtRoll({ dice, resolution }, insight) ? { gained: true } : {}),
    },
  };
}

/**
 * Automatic Burst: "the shooter must make an Attack at any character who is at Engaged Range to the
 * target" (the attacker aside): each as a target of its own, measured on the scene.
 */
function burstTargets(actor: AnyActor, target: DialogTarget | null): DialogTarget[] {
  const actorOfTarget = target ? (fromUuidSync(target.uuid) as AnyActor | null) : null;
  if (!actorOfTarget) return [];
  const engaged = burstBystanders(
    bystandersOf(actorOfTarget).map((b) => ({ id: b.actorUuid, bandToTarget: b.band })),
  );
  return engaged
    .filter((uuid) => uuid !== actor.uuid)
    .map((uuid) => fromUuidSync(uuid) as AnyActor | null)
    .filter((a): a is AnyActor => isLiving(a))
    .map((a) => ({
      uuid: a.uuid,
      name: a.name ?? "",
      key: targetKeyOf(a),
      measured: null,
      defender: defenderViewOf(a),
    }));
}

/** Roll each shot (and an Automatic Burst's attacks at bystanders) and build its card (nothing posted). */
async function rollShots(
  actor: AnyActor,
  input: AttackDialogInput,
  state: AttackDialogState,
): Promise<RolledShot[] | null> {
  const w = input.weapons.find((x) => x.id === state.weapon)!;
  const target = input.targets.find((t) => t.uuid === state.target) ?? null;
  const shots = shotsOf(
    { action: state.action, actionsUsed: state.actionsUsed },
    input.settings.rapidFireBoth,
  );
  const out: RolledShot[] = [];
  for (let shot = 0; shot < shots.length; shot++) {
    const rolled = await rollOne(actor, input, w, target, choiceOf(input, state, shot));
    if (!rolled) return null;
    out.push(rolled);
  }
  if (!hasCharacteristic(w.weapon, "automaticBurst")) return out;
  for (const bystander of burstTargets(actor, target)) {
    const choice = { ...choiceOf(input, state, 0), targetKey: bystander.key, insight: null, burst: true };
    const rolled = await rollOne(actor, input, w, bystander, choice);
    if (rolled) out.push(rolled);
  }
  return out;
}

/** The attacker's own spending: Insight used (−1), a Moment's die (+1 each), ammunition fired. */
async function spend(
  actor: AnyActor,
  input: AttackDialogInput,
  state: AttackDialogState,
  shots: RolledShot[],
) {
  const gained = shots.filter((s) => s.card.gained).length;
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  for (const change of insightChange(who, gained - (state.insight ? 1 : 0))) await applyChange(actor, change);
  const w = input.weapons.find((x) => x.id === state.weapon)!;
  const item = w.id === "fists" ? null : actor.items.get(w.id);
  if (item && w.weapon.ammo) {
    const burst = hasCharacteristic(w.weapon, "automaticBurst") ? burstRounds(w.weapon) : 0;
    const loaded = Math.max(
      0,
      w.weapon.ammo.loaded - roundsFired(shots.filter((s) => !s.card.choice.burst).length, burst),
    );
    await item.update({ "system.ammo.loaded": loaded } as never);
  }
}

/**
 * Roll an attack with a weapon item (null: bare fists) and post its cards, one per shot; the active GM
 * resolves each. The first card, or null when cancelled or refused.
 */
export async function rollAttack(
  actor: AnyActor,
  weapon: AnyItem | null = null,
  options: RollAttackOptions = {},
): Promise<Message | null> {
  const outcome = await runRoll(
    { ruleset: "xero-sum", kind: "attack", subject: actor },
    {
      configure: () => attackInput(actor, weapon, options),
      dialog: async (input) => {
        const chosen = await chooseRoll(attackDialogModel(input, localize), {
          skipDialog: options.skipDialog ?? false,
          event: options.event ?? null,
          ...(options.rollMode ? { rollMode: options.rollMode } : {}),
        });
        return chosen ? { state: chosen.state, rollMode: chosen.rollMode || options.rollMode || null } : null;
      },
      evaluate: async (input, chosen) => {
        const shots = await rollShots(actor, input, chosen.state);
        return shots ? { input, shots } : null;
      },
      post: async ({ shots }, _input, chosen) => {
        const posted: Message[] = [];
        for (const { card, roll } of shots) {
          const message = await postCard({
            kind: ATTACK_CARD,
            card,
            speaker: ChatMessage.getSpeaker({ actor }),
            text: localize(`${FIGHT_KEY}.Attack.Title`, {
              attacker: card.attacker.name,
              weapon: card.weapon.name,
            }),
            rolls: [roll],
            rollMode: chosen.rollMode,
          });
          if (message) posted.push(message);
        }
        return posted;
      },
      apply: ({ input, shots }, _posted, _config, chosen) => spend(actor, input, chosen.state, shots),
    },
  );
  return outcome.status === "done" ? (outcome.context.posted[0] ?? null) : null;
}
