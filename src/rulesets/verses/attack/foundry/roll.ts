/**
 * 'Verses attacks in Foundry (see `../attack.ts`): the weapon attack: the dialog, AD and rounds spent, targets measured, templates placed, the card built and posted.
 */
import { postCard } from "../../../../core/cards";
import { type DocumentChange } from "../../../../core/changes-logic";
import { localize } from "../../../../core/i18n";
import { rulesText } from "../../base/rules-message-logic";
import { ATTACK_CARD } from "../../data/messages-logic";
import type { PoolRequest } from "../../data/pools";
import type { RollChoice } from "../../rolls/dialog";
import { gripParts, type TargetInfo, type TwoWeaponOffer } from "../../rolls/dialog";
import {
  applyRollChanges,
  chooseRoll,
  combatRound,
  dialogCommon,
  inFastAction,
  livingSystem,
  preparePoolRoll,
  type PreparedRoll,
} from "../../rolls/roll-common";
import { runRoll } from "../../../../core/rolls/pipeline";
import {
  actorToken,
  attackTargetFor,
  gridScale,
  measureTargets,
  metresToPoint,
  targetedTokens,
  type TargetedToken,
} from "../../rolls/targeting";
import type { VersesRoll } from "../../rolls/verses-roll";
import { versesFlags } from "../../base/flags";
import {
  attackRequest,
  gripEffect,
  modeContinuation,
  modeMinimumAD,
  modeRangeTest,
  thrownMode,
  twoWeaponWeapon,
  type WeaponModeSource,
} from "../../data/weapon-modes";
import { abilityDice, chainLink, type ChainState } from "../../rules";
import { versesOption } from "../../base/settings";
import {
  fireChange,
  fireProblem,
  loadedAmmo,
  modeFeatures,
  modeSustainable,
  roundsUsed,
  usesAmmo,
} from "../../data/ammo-logic";
import { areaRadius, conditionGrenade, landing, tokensInArea, type AreaToken } from "../area-logic";
import {
  firstChain,
  grappleMove,
  perSmOf,
  type AttackCard,
  type AttackTarget,
  type ChainInfo,
  type HoldState,
} from "../attack-logic";
import { assassinationOffer, readWatchRecord, type GameMoment } from "../assassination-logic";
import { rushAtRoll } from "../card-abilities-logic";
import { coverDefaults } from "../cover-logic";
import { NO_COVER } from "../defender-logic";

import { cardOp } from "./operations";
import {
  FREE_HANDS,
  KEY,
  allocated,
  chainInfoOf,
  attackCardText,
  coverLeftOf,
  trackedCoverOf,
  twoWeaponCandidates,
  twoWeaponOffer,
  warn,
  weaponAmmoSource,
  type AnyActor,
  type AnyItem,
  type AnyToken,
  type Message,
  type TwoWeaponPair,
} from "./shared";
// ---- the attack ---------------------------------------------------------------------------------

/** What an attack may be asked for besides the dialog's choice. */
interface AttackChoice extends RollChoice {
  /** Attack these tokens (UUIDs) rather than the user's targets (a riposte at its attacker, a chain). */
  targetTokens?: readonly string[];
  /** Sixes carried into the pool: a chained action's ("chain") or a parry's ("riposte"). */
  carried?: { dice: number; kind: "chain" | "riposte" };
  /** The chain before this action (a chained attack). */
  chain?: ChainState | null;
  /** The card this action chains or ripostes from (its button is then spent). */
  from?: { messageId: string; index?: number };
  /** The point an indirect attack is aimed at (canvas pixels), when no token is targeted. */
  aim?: { x: number; y: number } | null;
  /** Continue a hold: the card it continues, the rounds continued with this one, the Clinch's choice. */
  hold?: HoldState | null;
  /** Fight with this other weapon under Two Weapon Fighting (a chain alternating the pair). */
  pairWith?: { itemUuid: string; modeIndex: number } | null;
}

/** Now, as the Watch and the assassination measure time: game time and the combat round. */
export function gameMoment(actor: AnyActor): GameMoment {
  const round = combatRound(actor);
  return {
    worldTime: game.time?.worldTime ?? 0,
    combatId: round === null ? null : (game.combat?.id ?? null),
    round,
  };
}

/** The watcher's last Watch (`flags.polyverse.verses.watching`), or null. */
export function watchOf(actor: AnyActor): ReturnType<typeof readWatchRecord> {
  return readWatchRecord(versesFlags(actor).watching);
}

/** The dialog's Assassination offer against the first target, or null when the rules do not allow it. */
/** The assassination the dialog may offer against the first target (the rules' `assassination`), or null. */
type AssassinationOffer = ReturnType<typeof assassinationFor>;

function assassinationFor(actor: AnyActor, first: TargetedToken | undefined) {
  const target = first ? (fromUuidSync(first.actorUuid) as AnyActor | null) : null;
  const kind = target ? livingSystem(target).kind : null;
  const offer = assassinationOffer(
    watchOf(actor),
    target && kind ? { actorUuid: target.uuid, kind } : null,
    allocated(livingSystem(actor), ASSASSINATION_SKILL),
    gameMoment(actor),
  );
  return offer.ok && first
    ? {
        dice: offer.value.dice,
        allAd: livingSystem(actor).adAvailable,
        name: first.name,
        actorUuid: first.actorUuid,
      }
    : null;
}

/** The skill whose dice an assassination adds. */
export const ASSASSINATION_SKILL = "Assassination";

function tokenFromUuid(uuid: string): AnyToken | null {
  const doc = fromUuidSync(uuid) as { object?: AnyToken | null } | null;
  return doc?.object ?? null;
}

/** Wait for a click on the canvas (a grenade's aimed point), or null without a canvas or on Escape. */
async function pickPoint(): Promise<{ x: number; y: number } | null> {
  const board = canvas;
  const view = board?.app?.view as HTMLCanvasElement | undefined;
  if (!board?.ready || !view) return null;
  ui.notifications?.info(localize(`${KEY}.Area.PickPoint`));
  return new Promise((resolve) => {
    const done = (point: { x: number; y: number } | null) => {
      view.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("keydown", onKey, true);
      resolve(point);
    };
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      done(board.canvasCoordinatesFromClient({ x: event.clientX, y: event.clientY }));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") done(null);
    };
    view.addEventListener("pointerdown", onDown, true);
    window.addEventListener("keydown", onKey, true);
  });
}

function targetInfoOf(first: TargetedToken | undefined): TargetInfo | null {
  if (!first || first.measured === false) return null;
  return {
    metres: first.metres,
    name: first.name,
    prone: first.prone,
    gridMetres: first.gridMetres,
    several: first.several,
  };
}

/** Where an indirect attack with no token targeted is aimed: a point of the canvas, and its distance. */
async function aimOf(
  actor: AnyActor,
  mode: WeaponModeSource,
  measured: readonly TargetedToken[],
  given: { x: number; y: number } | null,
): Promise<{ aim: { x: number; y: number } | null; info: TargetInfo | null }> {
  let aim = given;
  if (!mode.indirect || measured.length) return { aim, info: null };
  aim ??= await pickPoint();
  const from = actorToken(actor);
  const metres = aim && from ? metresToPoint(from, aim) : null;
  return {
    aim,
    info:
      metres === null
        ? null
        : {
            metres,
            name: localize(`${KEY}.Area.AimedPoint`),
            prone: false,
            gridMetres: 1,
            several: false,
          },
  };
}

/** What the attack dialog starts from besides the actor: the weapon, targets, ammunition, offers. */
interface AttackAsk {
  actor: AnyActor;
  weapon: AnyItem;
  modeIndex: number;
  choice: AttackChoice;
  measured: TargetedToken[];
  aimInfo: TargetInfo | null;
  carried: { dice: number; label: string } | null;
  offer: TwoWeaponOffer | null;
  pairIndex: number;
  assassin: AssassinationOffer;
}

/** The `dialog` step: the dialog (unless skipped), with what the weapon, its ammunition and the targets allow. */
async function askAttack(a: AttackAsk): Promise<RollChoice | null> {
  const ws = weaponAmmoSource(a.weapon);
  const modes = ws.modes;
  const startMode = modes[a.modeIndex] ?? modes[0]!;
  const sustainable = modes.map(modeSustainable).find((x) => x !== null) ?? null;
  const ammoNow = loadedAmmo(ws);
  const problem = fireProblem(ws, startMode, 1);
  // The cover the first target stands behind, as the last Apply left it (cover-logic.ts).
  const firstUuid = a.measured[0]?.tokenUuid;
  const tracked = a.choice.protective === undefined ? coverDefaults(trackedCoverOf(firstUuid)) : null;
  // The cover it stood behind until it moved (cover-moves.ts): the dialog says none is kept.
  const movedFrom = trackedCoverOf(firstUuid) ? null : coverLeftOf(firstUuid);
  const target = targetInfoOf(a.measured[0]) ?? a.aimInfo;
  return chooseRoll({
    kind: "attack",
    weaponName: a.weapon.name ?? "",
    modes,
    target: target && movedFrom ? { ...target, movedFrom } : target,
    distances: a.measured.filter((m) => m.measured !== false).map((m) => m.metres),
    ammo: usesAmmo(ws)
      ? { loaded: ws.magazine.loaded, name: ammoNow?.name ?? "", problem }
      : problem
        ? { loaded: 0, name: a.weapon.name ?? "", problem }
        : null,
    sustain: sustainable ? { sustainable, baseShotUnits: versesOption("sustain").baseShotUnits ?? 0 } : null,
    carried: a.carried,
    twoWeapon: a.offer,
    freeHands: FREE_HANDS,
    assassination: a.assassin,
    ...dialogCommon(
      a.actor,
      {
        ...(tracked ?? {}),
        modeIndex: a.modeIndex,
        ...(a.pairIndex >= 0 ? { offhand: a.pairIndex } : {}),
        ...a.choice,
      },
      a.choice.carried?.kind === "riposte" ? "parry" : undefined,
    ),
  });
}

/** In `evaluate`: the mode as held (thrown or wielded) and the second weapon it pairs with, if any. */
function heldMode(
  modes: readonly WeaponModeSource[],
  settled: RollChoice,
  pairs: ReturnType<typeof twoWeaponCandidates>,
  offer: TwoWeaponOffer | null,
): { index: number; mode: WeaponModeSource; pair: TwoWeaponPair | null } {
  const index = settled.modeIndex ?? 0;
  const held = modes[index] ?? modes[0]!;
  const mode = settled.thrown ? (thrownMode(held) ?? held) : held;
  // A damage of its own when thrown (the Dagger's 1(p)) leaves no "or" to choose from.
  if (mode.thrown && held.thrownDamage?.trim()) settled.damageMode = 0;
  // A thrown weapon is not wielded: no second weapon pairs with it.
  const other =
    offer && typeof settled.offhand === "number" && !mode.thrown ? pairs[settled.offhand] : undefined;
  const pair: TwoWeaponPair | null =
    other && offer
      ? {
          other,
          allocated: offer.allocated,
          chainable: modeFeatures(mode).chainable || modeFeatures(other.mode).chainable,
        }
      : null;
  return { index, mode, pair };
}

/** In `evaluate`: how it is held — one hand fewer at its Unhanded penalty, or paired under Two Weapon Fighting. */
function gripOf(
  actor: AnyActor,
  mode: WeaponModeSource,
  settled: RollChoice,
  pair: TwoWeaponPair | null,
  offer: TwoWeaponOffer | null,
) {
  const s = livingSystem(actor);
  return gripEffect(mode, {
    unhanded: settled.unhanded === true,
    twoWeapon:
      pair && offer
        ? {
            allocated: offer.allocated,
            skillAllocated: allocated(s, mode.skill),
            other: twoWeaponWeapon(
              pair.other.item.id ?? "",
              pair.other.mode,
              allocated(s, pair.other.mode.skill),
            ),
          }
        : null,
    freeHands: FREE_HANDS,
  });
}

/** What the attack dialog is asked with, and what the later steps read again. */
interface AttackConfig extends AttackAsk {
  modes: readonly WeaponModeSource[];
  aim: { x: number; y: number } | null;
  pairs: ReturnType<typeof twoWeaponCandidates>;
}

/** The attack rolled: the pool with its AD and rounds spent, and what the card is built from. */
interface AttackRolled {
  prepared: PreparedRoll;
  changes: DocumentChange[];
  mode: WeaponModeSource;
  index: number;
  pair: TwoWeaponPair | null;
  rounds: number;
  sustain: number;
  round: number;
  fastAction: boolean;
  info: ChainInfo | null;
  unhandedDice: number;
  assassinating: NonNullable<AssassinationOffer> | null;
}

/** The `configure` step: the weapon's modes, the targets measured (or a point aimed at), the dialog's offers. */
async function configureAttack(
  actor: AnyActor,
  weapon: AnyItem,
  modeIndex: number,
  choice: AttackChoice,
): Promise<AttackConfig | null> {
  const modes = weaponAmmoSource(weapon).modes;
  if (!modes.length) {
    warn("POLYVERSE.Verses.Dialog.NoMode");
    return null;
  }
  const tokens = choice.targetTokens
    ? choice.targetTokens.map(tokenFromUuid).filter((t): t is AnyToken => t !== null)
    : targetedTokens();
  const measured = measureTargets(actor, tokens);
  const startMode = modes[modeIndex] ?? modes[0]!;
  const { aim, info: aimInfo } = await aimOf(actor, startMode, measured, choice.aim ?? null);
  const carried = choice.carried
    ? {
        dice: choice.carried.dice,
        label: choice.carried.kind === "riposte" ? `${KEY}.Pool.Riposte` : `${KEY}.Pool.Chained`,
      }
    : null;
  const pairs = twoWeaponCandidates(actor, weapon);
  const pairIndex = choice.pairWith
    ? pairs.findIndex(
        (c) => c.item.uuid === choice.pairWith?.itemUuid && c.modeIndex === choice.pairWith.modeIndex,
      )
    : -1;
  return {
    actor,
    weapon,
    modeIndex,
    choice,
    measured,
    aimInfo,
    carried,
    offer: twoWeaponOffer(actor, weapon, startMode),
    pairIndex,
    assassin: assassinationFor(actor, measured[0]),
    modes,
    aim,
    pairs,
  };
}

/**
 * The `evaluate` step: the mode as held, the rounds (one shot, or the sustain dice at their cost; an empty
 * weapon cannot fire), the chain (it must allow another link: limit, round, 1AD), the grip, and the
 * pool rolled with its AD spent. Null, with a warning, when the rules refuse.
 */
async function evaluateAttack(c: AttackConfig, settled: RollChoice): Promise<AttackRolled | null> {
  const { actor, weapon, choice, carried, assassin } = c;
  const ws = weaponAmmoSource(weapon);
  const { index, mode, pair } = heldMode(c.modes, settled, c.pairs, c.offer);
  const fastAction = inFastAction(actor);
  const round = combatRound(actor) ?? 0;
  const sustain = settled.sustain ?? 0;
  const rounds = roundsUsed(sustain, modeSustainable(mode), versesOption("sustain"));
  const empty = fireProblem(ws, mode, rounds);
  if (empty) {
    warn(empty.key, empty.data);
    return null;
  }
  const info = chainInfoOf(actor, weapon, mode, pair);
  if (choice.chain && choice.carried?.kind === "chain") {
    const link = chainLink(choice.chain, { round, adSpent: settled.ad ?? 0 });
    if (!link.ok) {
      warn(`${KEY}.Chain.Refused`, { reason: rulesText(link.reason, localize) });
      return null;
    }
  }
  const grip = gripOf(actor, mode, settled, pair, c.offer);
  if (!grip.ok) {
    warn("POLYVERSE.Verses.Dialog.GripRefused", { reason: rulesText(grip.reason, localize) });
    return null;
  }
  const assassinating = assassin && settled.assassinate ? assassin : null;
  const extra = [
    ...gripParts(grip.value),
    ...(assassinating
      ? [{ label: "POLYVERSE.Verses.Dialog.AssassinationDice", dice: assassinating.dice }]
      : []),
    ...(sustain > 0 ? [{ label: "POLYVERSE.Verses.Dialog.SustainDice", dice: sustain }] : []),
    ...(carried ? [{ label: carried.label, dice: carried.dice }] : []),
  ];
  const request: PoolRequest = { ...attackRequest(mode, { fastAction, metres: settled.metres }), extra };
  const continuation = modeContinuation(mode);
  const prepared = await preparePoolRoll(
    actor,
    request,
    {
      label: mode.name ? `${weapon.name}: ${mode.name}` : (weapon.name ?? ""),
      kind: "attack",
      perSM: chosenDamage(mode, settled.damageMode ?? 0),
      itemUuid: weapon.uuid,
      ...(continuation ? { continuation } : {}),
    },
    settled,
    {
      minimum: Math.max(modeMinimumAD(mode), carried ? 1 : 0),
      // A sweep's or a blast's roll is its whole test (card-abilities-logic.ts): Adrenaline Rush at once.
      rushAtRoll: rushAtRoll(mode.indirect ? "area" : settled.sweep ? "sweep" : "direct"),
      ...(choice.carried?.kind === "riposte"
        ? { reaction: "parry" as const }
        : settled.fromAwait
          ? { reaction: "await" as const }
          : {}),
    },
  );
  if (!prepared) return null;
  const fired = fireChange(ws, mode, rounds);
  return {
    prepared,
    changes: [...prepared.changes, ...(fired ? [fired] : [])],
    mode,
    index,
    pair,
    rounds,
    sustain,
    round,
    fastAction,
    info,
    unhandedDice: grip.value.unhandedDice,
    assassinating,
  };
}

/** The `post` step: the attack card (an indirect attack's template placed) with a row per target, and the roll. */
async function postAttack(r: AttackRolled, c: AttackConfig, settled: RollChoice): Promise<Message | null> {
  const { actor, choice } = c;
  const built = await buildCard({
    actor,
    weapon: c.weapon,
    mode: r.mode,
    modeIndex: r.index,
    settled,
    measured: c.measured,
    roll: r.prepared.roll,
    rounds: r.rounds,
    sustain: r.sustain,
    round: r.fastAction ? r.round : null,
    chain: r.info
      ? choice.chain && choice.carried?.kind === "chain"
        ? choice.chain
        : firstChain(r.info, r.round)
      : null,
    chainInfo: r.info,
    riposte: choice.carried?.kind === "riposte",
    aim: c.measured[0] ? null : c.aim,
    pair: r.pair,
    unhandedDice: r.unhandedDice,
    hold: choice.hold ?? null,
    assassination: r.assassinating
      ? { actorUuid: r.assassinating.actorUuid, dice: r.assassinating.dice }
      : null,
  });
  const card = r.prepared.rush ? { ...built, rush: r.prepared.rush } : built;
  const message = await postCard({
    kind: ATTACK_CARD,
    card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: attackCardText(card),
    flavor: settled.flavor ?? "",
    rollMode: settled.rollMode ?? null,
    rolls: [r.prepared.roll],
  });
  return message ?? null;
}

/** The `apply` step: what the roll spent (AD, rounds), and the card it came from marked (chained, riposted, held). */
async function applyAttack(r: AttackRolled, message: Message | null, choice: AttackChoice): Promise<void> {
  await applyRollChanges(message, r.changes);
  if (choice.from) await markFrom(choice.from, choice.carried?.kind ?? "chain");
  if (choice.hold?.from) {
    const held = game.messages?.get(choice.hold.from) as Message | undefined;
    if (held) await cardOp(held, { op: "held" });
  }
}

/**
 * A weapon attack as core's roll pipeline (kind `"attack"`): `configure` the weapon's modes and the
 * targets (or the point an indirect attack is aimed at), the `dialog` (unless skipped), `evaluate`
 * the mode as held, the rounds and chain it may use, the grip and the pool with its AD spent, `post`
 * the attack card with a row per targeted token, `apply` the AD and rounds spent. Refused with a
 * notification when the weapon is empty, a chain cannot continue, or the AD cannot be spent; null
 * then, when cancelled, or when a `polyverse.*` roll hook vetoed it.
 */
export async function rollWeapon(
  actor: AnyActor,
  weapon: AnyItem,
  modeIndex = 0,
  choice: AttackChoice = {},
): Promise<VersesRoll | null> {
  const outcome = await runRoll(
    { ruleset: "verses", kind: "attack", subject: actor },
    {
      configure: () => configureAttack(actor, weapon, modeIndex, choice),
      dialog: (config) => askAttack(config),
      evaluate: (config, settled) => evaluateAttack(config, settled),
      post: (rolled, config, settled) => postAttack(rolled, config, settled),
      apply: (rolled, message, config) => applyAttack(rolled, message, config.choice),
    },
  );
  return outcome.status === "done" ? outcome.context.rolled.prepared.roll : null;
}

/** The damage mode the attacker chose ("3(s)" of "3(s) or 2(p)"), as the card's effect line prints it. */
function chosenDamage(mode: WeaponModeSource, damageMode: number): string {
  const perSM = perSmOf({ damage: mode.damage, damageMode });
  return perSM ? `${perSM.amount}(${perSM.type})` : mode.damage;
}

interface BuildInput {
  actor: AnyActor;
  weapon: AnyItem;
  mode: WeaponModeSource;
  modeIndex: number;
  settled: RollChoice;
  measured: TargetedToken[];
  roll: VersesRoll;
  rounds: number;
  sustain: number;
  round: number | null;
  chain: ChainState | null;
  chainInfo: ChainInfo | null;
  riposte: boolean;
  aim: { x: number; y: number } | null;
  pair: TwoWeaponPair | null;
  unhandedDice: number;
  hold: HoldState | null;
  assassination: AttackCard["assassination"];
}

/** The success target against one more target: its own range band and cover, with the same hand adjustment. */
function targetFor(
  mode: WeaponModeSource,
  settled: RollChoice,
  t: TargetedToken,
  adjustment: number,
): number {
  const r = attackTargetFor(modeRangeTest(mode), {
    metres: t.measured === false ? null : t.metres,
    cover: settled.cover ?? "none",
    targetProne: t.prone,
    meleeReach: t.gridMetres,
  });
  return Math.max(0, (r.value ?? settled.target ?? 1) + adjustment);
}

async function buildCard(input: BuildInput): Promise<AttackCard> {
  const { actor, weapon, mode, settled, measured, roll } = input;
  const features = modeFeatures(mode);
  const target = settled.target ?? 1;
  const first = measured[0];
  const firstSuggested = first ? targetFor(mode, { ...settled, target }, first, 0) : target;
  const adjustment = first && !settled.sweep ? target - firstSuggested : 0;
  const ws = weaponAmmoSource(weapon);
  const ammo = usesAmmo(ws) ? loadedAmmo(ws) : null;
  const luckDice = abilityDice(livingSystem(actor).abilities, "uncannyLuck");
  const card: AttackCard = {
    version: 1,
    attacker: {
      actorUuid: actor.uuid,
      tokenUuid: actorToken(actor)?.document.uuid ?? null,
      name: actor.name ?? "",
    },
    weapon: {
      itemUuid: weapon.uuid,
      label: mode.name ? `${weapon.name}: ${mode.name}` : (weapon.name ?? ""),
      modeIndex: input.modeIndex,
      skill: mode.skill,
      test: modeRangeTest(mode),
      damage: mode.damage,
      damageMode: settled.damageMode ?? 0,
      parry: features.parry,
      grapple: grappleMove(weapon.name ?? "", mode.skill),
      area: mode.area ?? "",
      chain: input.chainInfo,
      ...(modeContinuation(mode) ? { continuation: modeContinuation(mode) } : {}),
      ...(mode.thrown ? { thrown: true } : {}),
      ...(input.unhandedDice ? { unhandedDice: input.unhandedDice } : {}),
      offhand: input.pair
        ? {
            itemUuid: input.pair.other.item.uuid,
            modeIndex: input.pair.other.modeIndex,
            label: input.pair.other.mode.name
              ? `${input.pair.other.item.name}: ${input.pair.other.mode.name}`
              : (input.pair.other.item.name ?? ""),
            dice: input.pair.allocated,
          }
        : null,
    },
    mode: mode.indirect ? "area" : settled.sweep ? "sweep" : "direct",
    faces: roll.faces,
    target,
    ad: settled.ad ?? 0,
    cover: {
      protective: settled.protective ?? NO_COVER.protective,
      material: settled.material ?? NO_COVER.material,
      hp: settled.coverHp ?? null,
      // Cover with HP in front of the first target is kept on its token (cover-logic.ts).
      tokenUuid:
        first && (settled.protective ?? "none") !== "none" && typeof settled.coverHp === "number"
          ? first.tokenUuid
          : null,
    },
    ammo: ammo ? { name: ammo.name, effect: ammo.effect, rounds: input.rounds } : null,
    sustain: input.sustain,
    round: input.round,
    combatId: input.round === null ? null : (game.combat?.id ?? null),
    chain: input.chain,
    riposte: input.riposte,
    chained: false,
    area: null,
    targets: [],
    ...(input.hold ? { hold: input.hold } : {}),
    ...(input.assassination ? { assassination: input.assassination } : {}),
    ...(luckDice > 0 ? { uncannyLuck: luckDice } : {}),
  };
  const row = (t: TargetedToken, success: number): AttackTarget => ({
    tokenUuid: t.tokenUuid,
    actorUuid: t.actorUuid,
    name: t.name,
    metres: t.measured === false ? null : Math.round(t.metres * 10) / 10,
    target: success,
    defence: null,
    taken: false,
    damage: null,
    applied: null,
    riposted: false,
  });
  if (card.mode === "direct")
    card.targets = measured.map((t, i) => row(t, i === 0 ? target : targetFor(mode, settled, t, adjustment)));
  else if (card.mode === "sweep") card.targets = measured.map((t) => row(t, target));
  else await placeArea(card, input);
  return card;
}

/**
 * An indirect attack: a template at the aimed point (the targeted token, or the point clicked);
 * on a miss the scatter moves it ("(5 - #SUCCESSES) meters" too near/far, wide right/left); every
 * token inside becomes a row, with its distance from the centre.
 */
async function placeArea(card: AttackCard, input: BuildInput): Promise<void> {
  const board = canvas;
  const grid = gridScale();
  const from = actorToken(input.actor);
  const firstToken = input.measured[0] ? tokenFromUuid(input.measured[0].tokenUuid) : null;
  const aim = firstToken ? { x: firstToken.center.x, y: firstToken.center.y } : input.aim;
  if (!board?.scene || !grid || !aim) return;
  const radius = areaRadius(card.weapon.area, input.weapon.name ?? "");
  const thrower = from ? { x: from.center.x, y: from.center.y } : aim;
  const landed = landing(card.faces, card.target, thrower, aim, grid);
  const grenade = card.weapon.area.trim() ? null : conditionGrenade(input.weapon.name ?? "");
  let templateUuid: string | null = null;
  const toUnits = grid.metres > 0 ? board.scene.grid.distance / grid.metres : 1;
  // The template only marks the blast: the targets are found from the tokens below. Foundry v14
  // deprecates measured templates for Scene Regions (docs/foundry-v14.md), so a Foundry that
  // refuses one leaves the attack without its marker rather than failing it.
  try {
    const [template] = await board.scene.createEmbeddedDocuments("MeasuredTemplate", [
      { t: "circle", x: aim.x, y: aim.y, distance: radius * toUnits, fillColor: "#c0392b" },
    ]);
    if (template) {
      templateUuid = template.uuid;
      if (landed.point.x !== aim.x || landed.point.y !== aim.y)
        await template.update({ x: landed.point.x, y: landed.point.y });
    }
  } catch (error) {
    console.warn("Polyverse | the blast's template could not be placed", error);
  }
  card.area = {
    aim,
    landing: landed.point,
    scatter: landed.scatter,
    radius,
    templateUuid,
    condition: grenade?.name ?? null,
  };
  const tokens: AreaToken[] = (board.tokens?.placeables ?? [])
    .filter((t) => t.actor)
    .map((t) => ({
      tokenUuid: t.document.uuid,
      actorUuid: t.actor!.uuid,
      name: t.name ?? "",
      centre: { x: t.center.x, y: t.center.y },
    }));
  card.targets = tokensInArea(tokens, landed.point, radius, grid).map((t) => ({
    tokenUuid: t.tokenUuid,
    actorUuid: t.actorUuid,
    name: t.name,
    metres: t.metres,
    target: 0,
    defence: null,
    taken: false,
    damage: null,
    applied: null,
    riposted: false,
  }));
}

/** Spend a card's Chain or Riposte once the new action is rolled. */
async function markFrom(
  from: { messageId: string; index?: number },
  kind: "chain" | "riposte",
): Promise<void> {
  const message = game.messages?.get(from.messageId) as Message | undefined;
  if (!message) return;
  await cardOp(message, kind === "riposte" ? { op: "riposted", index: from.index ?? 0 } : { op: "chained" });
}
