/**
 * Attack -> defence -> damage in chat. A weapon attack rolls through the roll dialog (range and
 * cover, Slow minimums, sustain dice and sweeps limited by the loaded rounds, the sixes a chain or
 * a riposte carries), spends its AD and rounds, and posts the attack card: the attack roll and
 * one row per target with Dodge / Parry / Take it (a grappling move: Resist), then the net
 * successes, the damage through the target's layers and Apply / Undo; a full parry with a six
 * offers Riposte, a successful chainable attack Chain. An indirect attack places a template at
 * the aimed point (moved by the scatter on a miss) and lists every token inside.
 *
 * The card's state is `flags.polyverse.attack` (attack-logic.ts); every button is a registered
 * chat action, so it works after a reload. Whoever may update the message (its author, a GM)
 * changes the card when the button touches nothing else it may not update; anything else is asked
 * of the GM (core/relay.ts), whose client checks the requester (vouched by Foundry), the operation
 * field by field, and a player's card against the ledger entry recorded when it was posted (the
 * parts that never change after the roll, the weapon's numbers against the attacking item, what
 * has been done already), then works out the damage itself from the target's current state.
 */
import { templatePath } from "../../../core/constants";
import { registerChatAction } from "../../../core/chat";
import { registerGMHandler, runAsGM } from "../../../core/relay";
import { RelayRefusal, documentId, refuse, type Payload } from "../../../core/relay-logic";
import {
  impossibleCard,
  parseAttackOp,
  stableCard,
  validFaces,
  weaponMismatch,
  type AttackOp,
} from "./card-trust-logic";
import { ledgerEntry, markDone, registerCardLedger, verifiedEntry } from "../../../core/ledger";
import type { LedgerEntry } from "../../../core/ledger-logic";
import { localizeLabel } from "../../../core/roll-dialog";
import { applyChanges, pendingOf, registerPendingRedraw } from "../../../core/changes";
import { pendingNames, type DocumentChange } from "../../../core/changes-logic";
import { adStateOf } from "../ad-logic";
import {
  chainLink,
  checkParry,
  findSkillDefinition,
  skillAllocation,
  skillChainLimit,
  type ChainState,
  type SkillActor,
} from "../rules";
import { versesOption, versesSetting } from "../settings";
import type { PoolRequest } from "../data/pools";
import type { RollChoice } from "../rolls/dialog";
import type { DialogMessage } from "../../../core/roll-dialog-model";
import { postRoll } from "../rolls/dice-so-nice";
import {
  applyRollChanges,
  chooseRoll,
  combatRound,
  dialogCommon,
  inFastAction,
  livingSystem,
  preparePoolRoll,
  type LivingSystem,
} from "../rolls/roll-common";
import { versesSkillCatalog } from "../rolls/skill-catalog";
import {
  actorToken,
  attackTargetFor,
  gridScale,
  measureTargets,
  metresToPoint,
  targetedTokens,
  type TargetedToken,
} from "../rolls/targeting";
import { gripParts, type TargetInfo, type TwoWeaponOffer } from "../rolls/dialog";
import { VersesRoll } from "../rolls/verses-roll";
import {
  attackRequest,
  modeMinimumAD,
  modeContinuation,
  modeRangeTest,
  gripEffect,
  thrownMode,
  twoWeaponWeapon,
  type WeaponModeSource,
} from "../rolls/weapon-modes";
import {
  fireChange,
  fireProblem,
  fittingAmmo,
  loadedAmmo,
  modeFeatures,
  modeSustainable,
  planReloadPayment,
  reloadMode,
  roundsUsed,
  usesAmmo,
  type AmmoItem,
  type WeaponAmmoSource,
} from "./ammo-logic";
import { areaRadius, conditionGrenade, landing, tokensInArea, type AreaToken } from "./area-logic";
import {
  chainOffer,
  crossModeChain,
  firstChain,
  grappleMove,
  perSmOf,
  planApply,
  planUndo,
  riposteOffer,
  withDefence,
  withTarget,
  chokeOf,
  holdOffer,
  releaseChange,
  type HoldState,
  type AttackCard,
  type AttackTarget,
  type ChainInfo,
  type DefenceRecord,
  type TargetNow,
} from "./attack-logic";
import { NO_COVER, defenderArmour, type DefenderData } from "./defender-logic";
import { adLimit, spendChange, spendForRoll } from "./spend-logic";
import { attackCardContext } from "./card-context";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type Message = ChatMessage.Implementation;
type AnyToken = foundry.canvas.placeables.Token.Implementation;

/** The attack card's template (preload it: the ruleset's `templates`). */
export const ATTACK_CARD_TEMPLATE = "templates/verses/chat/attack-card.hbs";
export const ATTACK_TEMPLATES = [ATTACK_CARD_TEMPLATE];

/** The socket request that carries a card button out as the GM. */
export const ATTACK_OP = "verses.attackOp";

const KEY = "POLYVERSE.Verses.Attack";
const warn = (key: string, data?: Record<string, string>) => ui.notifications?.warn(localizeLabel(key, data));

// ---- documents as plain data ---------------------------------------------------------------------

interface WeaponSystem {
  modes: WeaponModeSource[];
  ammunition: string;
  quantity: number;
  magazine: { size: number; loaded: number; ammo?: string; effect?: string; paid?: number };
  equipped?: boolean;
}

const weaponSystem = (item: AnyItem) => item.system as unknown as WeaponSystem;

/** A weapon item as the ammunition rules read it. */
export function weaponAmmoSource(item: AnyItem): WeaponAmmoSource {
  const s = weaponSystem(item);
  return {
    uuid: item.uuid,
    name: item.name ?? "",
    ammunition: s.ammunition ?? "",
    quantity: s.quantity ?? 0,
    magazine: { ...s.magazine },
    modes: s.modes ?? [],
  };
}

/** The ammunition items an actor carries. */
export function ammoItems(actor: AnyActor): AmmoItem[] {
  return actor.items
    .filter((i) => i.type === "verses-ammunition")
    .map((i) => {
      const s = i.system as unknown as { weapons: string[]; effect: string; quantity: number };
      return {
        uuid: i.uuid,
        name: i.name ?? "",
        weapons: s.weapons ?? [],
        effect: s.effect ?? "",
        quantity: s.quantity ?? 0,
      };
    });
}

/** The target as the damage sees it: kind, TUF, HP, abilities, armour worn and shields wielded. */
export function defenderData(actor: AnyActor): DefenderData {
  const s = livingSystem(actor);
  const armour = defenderArmour(actor.items);
  return {
    name: actor.name ?? "",
    kind: s.kind,
    tuf: s.effective?.tuf ?? s.attributes.tuf,
    hp: s.hp.value,
    abilities: s.abilities ?? [],
    armour,
    conditions: s.conditions ?? [],
    ad: adStateOf(s),
  };
}

function targetNow(actor: AnyActor): TargetNow {
  const s = livingSystem(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    hp: s.hp.value,
    ad: adStateOf(s),
    statuses: [...actor.statuses],
  };
}

function skillActor(s: LivingSystem): SkillActor {
  const abilities: Record<string, number> = {};
  for (const a of s.abilities) abilities[a.key] = Math.max(abilities[a.key] ?? 0, a.dice);
  return { attributes: s.effective, abilities, skills: s.skills };
}

const catalogOf = (s: LivingSystem) => [...s.skillCatalog, ...versesSkillCatalog()];

/**
 * The chain an attack with this mode belongs to ("Action Chaining"): unarmed attacks and grappling
 * moves chain by their skill ("All dice allocated to this skill are counted as the Chain Limit"),
 * a Chainable weapon by its weapon skill; thrown attacks do not chain. Null when it cannot chain.
 */
function chainInfoOf(
  actor: AnyActor,
  item: AnyItem,
  mode: WeaponModeSource,
  pair: TwoWeaponPair | null = null,
): ChainInfo | null {
  const s = livingSystem(actor);
  if (mode.indirect || mode.thrown) return null;
  const limitOf = (skill: string) => {
    const note = findSkillDefinition(catalogOf(s), skill)?.chainLimit;
    return note?.mode === "sets" ? skillChainLimit(skillActor(s), catalogOf(s), [skill]) : 0;
  };
  // Two Weapon Fighting: "If at least one of the weapons has the Chainable feature, both weapons
  // count as Chainable with the same action type ... All dice allocated to this skill are added to
  // the Chain Limit when chaining attacks with either weapon."
  if (pair?.chainable) {
    const ids = [item.id ?? "", pair.other.item.id ?? ""].sort();
    return {
      type: `twf:${ids.join("+")}`,
      limit: Math.max(limitOf(mode.skill), limitOf(pair.other.mode.skill)) + pair.allocated,
    };
  }
  const features = modeFeatures(mode);
  if (!features.chainable) return null;
  // The Pistol Cutlass: "This weapon's two attack methods are chainable with each other".
  const cross = crossModeChain(
    item.id ?? "",
    weaponSystem(item).modes.map((m) => ({ skill: m.skill, chainable: modeFeatures(m).chainable })),
    (skill) => ({
      allocated: skillAllocation(skillActor(s), skill),
      chainClause: findSkillDefinition(catalogOf(s), skill)?.chainLimit?.mode === "sets",
    }),
    versesOption("pistolCutlass"),
  );
  if (cross) return cross;
  const definition = findSkillDefinition(catalogOf(s), mode.skill);
  const note = definition?.chainLimit;
  if (!note || note.mode !== "sets") return null;
  const limit = skillChainLimit(skillActor(s), catalogOf(s), [mode.skill]);
  const type = note.chain === "weapon" || !note.chain ? `weapon:${item.id}` : note.chain;
  return { type, limit };
}

/** The other weapon of a Two Weapon Fighting attack, and what the pair allows. */
interface TwoWeaponPair {
  other: { item: AnyItem; modeIndex: number; mode: WeaponModeSource };
  allocated: number;
  chainable: boolean;
}

/** Equipped weapons (other than this one) whose modes can pair with it under Two Weapon Fighting. */
function twoWeaponCandidates(actor: AnyActor, weapon: AnyItem) {
  const out: { item: AnyItem; modeIndex: number; mode: WeaponModeSource }[] = [];
  for (const item of actor.items) {
    if (item.type !== "verses-weapon" || item.id === weapon.id) continue;
    const w = weaponSystem(item);
    if (w.equipped === false) continue;
    w.modes.forEach((mode, modeIndex) => {
      if (mode.skill.trim() && !mode.indirect) out.push({ item, modeIndex, mode });
    });
  }
  return out;
}

/**
 * The dialog's Two Weapon Fighting offer ("The actor must have allocated at least one die to the
 * skill for each weapon"): null without dice in the skill or another equipped weapon.
 */
function twoWeaponOffer(actor: AnyActor, weapon: AnyItem, mode: WeaponModeSource): TwoWeaponOffer | null {
  const s = livingSystem(actor);
  const twf = allocated(s, TWO_WEAPON_SKILL);
  const candidates = twoWeaponCandidates(actor, weapon);
  if (twf < 1 || !candidates.length) return null;
  return {
    allocated: twf,
    skillAllocated: allocated(s, mode.skill),
    others: candidates.map((c) => ({
      label: c.mode.name ? `${c.item.name}: ${c.mode.name}` : (c.item.name ?? ""),
      weapon: twoWeaponWeapon(c.item.id ?? "", c.mode, allocated(s, c.mode.skill)),
    })),
  };
}

/** The skill that lets an actor fight with a weapon in each hand. */
const TWO_WEAPON_SKILL = "Two Weapon Fighting";
/** Hands free to hold weapons: the text's actors are humanoid ("Grappling Attacks (Humanoid)"). */
const FREE_HANDS = 2;

/** Allocated dice in a skill (reload reduction, parry permission, grappling resistance). */
function allocated(s: LivingSystem, skill: string): number {
  return skill ? skillAllocation(skillActor(s), skill) : 0;
}

// ---- the card ----------------------------------------------------------------------------------

/** The card state of a message, or null. */
export function cardOf(message: Message): AttackCard | null {
  const flags = (message.flags as Record<string, unknown>).polyverse as { attack?: AttackCard } | undefined;
  return flags?.attack ?? null;
}

/** The attack card's template context, localised for this user. */
function cardContext(card: AttackCard, roll: VersesRoll | null, pending: readonly DocumentChange[] = []) {
  return attackCardContext(card, roll?.view ?? null, {
    localize: localizeLabel,
    pendingNames: pendingNames(pending),
    chainOptions: versesOption("riposteChain"),
  });
}

async function renderCard(
  card: AttackCard,
  roll: VersesRoll | null,
  pending: readonly DocumentChange[] = [],
) {
  return foundry.applications.handlebars.renderTemplate(
    templatePath("verses/chat/attack-card.hbs"),
    cardContext(card, roll, pending),
  );
}

const rollOf = (message: Message): VersesRoll | null => {
  const roll = message.rolls[0];
  return roll instanceof VersesRoll ? roll : null;
};

/** Write a new card state into its message and redraw it. */
async function saveCard(
  message: Message,
  card: AttackCard,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const pending = (extra["flags.polyverse.pending"] as DocumentChange[] | undefined) ?? pendingOf(message);
  const content = await renderCard(card, rollOf(message), pending);
  await message.update({ content, "flags.polyverse.attack": card, ...extra } as never);
}

// ---- the attack ---------------------------------------------------------------------------------

/** What an attack may be asked for besides the dialog's choice. */
export interface AttackChoice extends RollChoice {
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

function tokenFromUuid(uuid: string): AnyToken | null {
  const doc = fromUuidSync(uuid) as { object?: AnyToken | null } | null;
  return doc?.object ?? null;
}

/** Wait for a click on the canvas (a grenade's aimed point), or null without a canvas or on Escape. */
async function pickPoint(): Promise<{ x: number; y: number } | null> {
  const board = canvas;
  const view = board?.app?.view as HTMLCanvasElement | undefined;
  if (!board?.ready || !view) return null;
  ui.notifications?.info(localizeLabel(`${KEY}.Area.PickPoint`));
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

/**
 * A weapon attack: the dialog (unless skipped), the AD and rounds spent, the roll, and the attack
 * card with a row per targeted token. Refused with a notification when the weapon is empty, a
 * chain cannot continue, or the AD cannot be spent.
 */
export async function rollWeapon(
  actor: AnyActor,
  weapon: AnyItem,
  modeIndex = 0,
  choice: AttackChoice = {},
): Promise<VersesRoll | null> {
  const ws = weaponAmmoSource(weapon);
  const modes = ws.modes;
  if (!modes.length) {
    warn("POLYVERSE.Verses.Dialog.NoMode");
    return null;
  }
  const tokens = choice.targetTokens
    ? choice.targetTokens.map(tokenFromUuid).filter((t): t is AnyToken => t !== null)
    : targetedTokens();
  const measured = measureTargets(actor, tokens);
  const startMode = modes[modeIndex] ?? modes[0]!;
  // An indirect attack with no token targeted is aimed at a point of the canvas.
  let aim = choice.aim ?? null;
  let aimInfo: TargetInfo | null = null;
  if (startMode.indirect && !measured.length) {
    aim ??= await pickPoint();
    const from = actorToken(actor);
    const metres = aim && from ? metresToPoint(from, aim) : null;
    if (metres !== null)
      aimInfo = {
        metres,
        name: localizeLabel(`${KEY}.Area.AimedPoint`),
        prone: false,
        gridMetres: 1,
        several: false,
      };
  }
  const sustainable = modes.map(modeSustainable).find((x) => x !== null) ?? null;
  const carried = choice.carried
    ? {
        dice: choice.carried.dice,
        label: choice.carried.kind === "riposte" ? `${KEY}.Pool.Riposte` : `${KEY}.Pool.Chained`,
      }
    : null;
  const ammoNow = loadedAmmo(ws);
  const pairs = twoWeaponCandidates(actor, weapon);
  const offer = twoWeaponOffer(actor, weapon, startMode);
  const pairIndex = choice.pairWith
    ? pairs.findIndex(
        (c) => c.item.uuid === choice.pairWith?.itemUuid && c.modeIndex === choice.pairWith.modeIndex,
      )
    : -1;
  const settled = await chooseRoll({
    kind: "attack",
    weaponName: weapon.name ?? "",
    modes,
    target: targetInfoOf(measured[0]) ?? aimInfo,
    distances: measured.filter((m) => m.measured !== false).map((m) => m.metres),
    ammo: usesAmmo(ws)
      ? { loaded: ws.magazine.loaded, name: ammoNow?.name ?? "", problem: fireProblem(ws, startMode, 1) }
      : fireProblem(ws, startMode, 1)
        ? { loaded: 0, name: weapon.name ?? "", problem: fireProblem(ws, startMode, 1) }
        : null,
    sustain: sustainable ? { sustainable, baseShotUnits: versesOption("sustain").baseShotUnits ?? 0 } : null,
    carried,
    twoWeapon: offer,
    freeHands: FREE_HANDS,
    ...dialogCommon(
      actor,
      { modeIndex, ...(pairIndex >= 0 ? { offhand: pairIndex } : {}), ...choice },
      choice.carried?.kind === "riposte" ? "parry" : undefined,
    ),
  });
  if (!settled) return null;
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
  const fastAction = inFastAction(actor);
  const round = combatRound(actor) ?? 0;

  // Rounds: one shot, or the sustain dice at their cost; an empty weapon cannot fire.
  const sustain = settled.sustain ?? 0;
  const rounds = roundsUsed(sustain, modeSustainable(mode), versesOption("sustain"));
  const empty = fireProblem(ws, mode, rounds);
  if (empty) {
    warn(empty.key, empty.data);
    return null;
  }
  // A chained action: the chain must allow another link (limit, round, 1AD).
  const info = chainInfoOf(actor, weapon, mode, pair);
  if (choice.chain && choice.carried?.kind === "chain") {
    const link = chainLink(choice.chain, { round, adSpent: settled.ad ?? 0 });
    if (!link.ok) {
      warn(`${KEY}.Chain.Refused`, { reason: link.reason });
      return null;
    }
  }

  const label = mode.name ? `${weapon.name}: ${mode.name}` : (weapon.name ?? "");
  // How it is held: one hand fewer at its Unhanded penalty, or paired under Two Weapon Fighting.
  const grip = gripEffect(mode, {
    unhanded: settled.unhanded === true,
    twoWeapon:
      pair && offer
        ? {
            allocated: offer.allocated,
            skillAllocated: allocated(livingSystem(actor), mode.skill),
            other: twoWeaponWeapon(
              pair.other.item.id ?? "",
              pair.other.mode,
              allocated(livingSystem(actor), pair.other.mode.skill),
            ),
          }
        : null,
    freeHands: FREE_HANDS,
  });
  if (!grip.ok) {
    warn("POLYVERSE.Verses.Dialog.GripRefused", { reason: grip.reason });
    return null;
  }
  const extra = [
    ...gripParts(grip.value),
    ...(sustain > 0 ? [{ label: "POLYVERSE.Verses.Dialog.SustainDice", dice: sustain }] : []),
    ...(carried ? [{ label: carried.label, dice: carried.dice }] : []),
  ];
  const request: PoolRequest = { ...attackRequest(mode, { fastAction, metres: settled.metres }), extra };
  const continuation = modeContinuation(mode);
  const prepared = await preparePoolRoll(
    actor,
    request,
    {
      label,
      kind: "attack",
      perSM: chosenDamage(mode, settled.damageMode ?? 0),
      itemUuid: weapon.uuid,
      ...(continuation ? { continuation } : {}),
    },
    settled,
    {
      minimum: Math.max(modeMinimumAD(mode), carried ? 1 : 0),
      ...(choice.carried?.kind === "riposte"
        ? { reaction: "parry" as const }
        : settled.fromAwait
          ? { reaction: "await" as const }
          : {}),
    },
  );
  if (!prepared) return null;
  const roll = prepared.roll;
  const changes: DocumentChange[] = [...prepared.changes];
  const fired = fireChange(ws, mode, rounds);
  if (fired) changes.push(fired);

  const card = await buildCard({
    actor,
    weapon,
    mode,
    modeIndex: index,
    settled,
    measured,
    roll,
    rounds,
    sustain,
    round: fastAction ? round : null,
    chain: info
      ? choice.chain && choice.carried?.kind === "chain"
        ? choice.chain
        : firstChain(info, round)
      : null,
    chainInfo: info,
    riposte: choice.carried?.kind === "riposte",
    aim: measured[0] ? null : aim,
    pair,
    unhandedDice: grip.value.unhandedDice,
    hold: choice.hold ?? null,
  });
  const content = await renderCard(card, roll);
  const data: Parameters<VersesRoll["toMessage"]>[0] = {
    speaker: ChatMessage.getSpeaker({ actor }),
    flavor: settled.flavor ?? "",
    content,
  };
  Object.assign(data, { flags: { polyverse: { attack: card } } });
  const message = (await roll.toMessage(data, {
    rollMode: (settled.rollMode ?? game.settings.get("core", "rollMode")) as foundry.CONST.DICE_ROLL_MODES,
  })) as Message | undefined;
  await applyRollChanges(message ?? null, changes);
  if (choice.from) await markFrom(choice.from, choice.carried?.kind ?? "chain");
  if (choice.hold?.from) {
    const held = game.messages?.get(choice.hold.from) as Message | undefined;
    if (held) await cardOp(held, { op: "held" });
  }
  return roll;
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
  const [template] = await board.scene.createEmbeddedDocuments("MeasuredTemplate", [
    { t: "circle", x: aim.x, y: aim.y, distance: radius * toUnits, fillColor: "#c0392b" },
  ]);
  if (template) {
    templateUuid = template.uuid;
    if (landed.point.x !== aim.x || landed.point.y !== aim.y)
      await template.update({ x: landed.point.x, y: landed.point.y });
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
    const rated = localizeLabel(`${KEY}.ParryRating`, { rating: String(rating) });
    out.push({
      label: `${item.name}${mode?.name ? `: ${mode.name}` : ""} (${rated})`,
      request: {
        skill,
        action: "parry",
        ...(other ? { extra: [{ label: "POLYVERSE.Verses.Dialog.TwoWeaponDice", dice: twf }] } : {}),
      },
      minimumAD: check.ok ? check.value.minimumAD : 1,
      problem: check.ok ? null : { key: `${KEY}.Refused`, data: { reason: check.reason } },
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
      const a = item.system as unknown as {
        class: string;
        worn: boolean;
        features: { name: string; value: string }[];
      };
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

/**
 * Defend against a card's attack: Dodge (`PRW + #AD`), Parry (the weapon's skill + #AD, at least
 * the parry-rating minimum, only with a Parry weapon against a Parry weapon) or a grappling
 * resistance. The defence is rolled and posted as its own card (Dice So Nice animates it), its AD
 * spent (a reservation for it first), and the attack card updated with the net result.
 */
export async function defend(
  defender: AnyActor,
  message: Message,
  index: number,
  kind: "dodge" | "parry" | "resist",
  choice: RollChoice = {},
): Promise<VersesRoll | null> {
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
  const settled = await chooseRoll({
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
  });
  if (!settled) return null;
  const chosen = kind === "parry" ? parries[settled.weaponIndex ?? 0] : undefined;
  const request: PoolRequest =
    kind === "parry"
      ? { ...(chosen?.request ?? {}), fastAction: inFastAction(defender) }
      : kind === "dodge"
        ? { attribute: "prw", action: "dodge", fastAction: inFastAction(defender) }
        : { ...resistRequest(s), fastAction: inFastAction(defender) };
  const prepared = await preparePoolRoll(
    defender,
    request,
    {
      label,
      kind: "defence",
      defence: {
        kind,
        attackMessageId: message.id,
        index,
        ...(chosen ? { weapon: chosen.weapon } : {}),
      },
    },
    { ...settled, target: 0 },
    {
      minimum: kind === "parry" ? (chosen?.minimumAD ?? 1) : kind === "dodge" ? 1 : 0,
      ...(reaction ? { reaction } : {}),
    },
  );
  if (!prepared) return null;
  const posted = (await postRoll(prepared.roll, {
    actor: defender,
    flavor: localizeLabel(`${KEY}.Defence.Against`, {
      weapon: card.weapon.label,
      attacker: card.attacker.name,
    }),
    rollMode: settled.rollMode ?? null,
  })) as Message | undefined;
  await applyRollChanges(posted ?? null, prepared.changes);
  if (posted?.id) await cardOp(message, { op: "defend", index, defenceMessageId: posted.id });
  return prepared.roll;
}

// ---- the card's operations ---------------------------------------------------------------------

export type { AttackOp } from "./card-trust-logic";

/** The row an operation acts on (a release without one: the hold's). */
function opIndex(card: AttackCard, op: AttackOp): number | null {
  if (op.op === "chained" || op.op === "held") return null;
  if (op.op === "release") return op.index ?? holdOffer(card)?.index ?? 0;
  return op.index;
}

/** Does the operation change a document (the row's target) this user may not update? */
async function touchesOthers(card: AttackCard, op: AttackOp, user: User.Implementation): Promise<boolean> {
  if (!["apply", "undo", "release"].includes(op.op)) return false;
  const index = opIndex(card, op);
  const row = index === null ? undefined : card.targets[index];
  const actor = row ? await actorOf(row.actorUuid) : null;
  return !actor || !actor.canUserModify(user, "update");
}

/**
 * Carry an operation out here when this user may update the message and everything it changes
 * (a GM; the card's author acting on their own target), else ask the GM. A refusal is shown.
 */
export async function cardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  const card = cardOf(message);
  if (!user || !card) return false;
  if (user.isGM || (message.isAuthor && !(await touchesOthers(card, op, user)))) {
    try {
      await performOp(message, op, user);
      return true;
    } catch (error) {
      if (!(error instanceof RelayRefusal)) throw error;
      ui.notifications?.warn(localizeLabel(error.key, error.data));
      return false;
    }
  }
  return runAsGM(ATTACK_OP, { messageId: message.id ?? "", ...op });
}

async function actorOf(uuid: string): Promise<AnyActor | null> {
  const doc = await fromUuid(uuid);
  return doc instanceof Actor ? (doc as AnyActor) : null;
}

const owns = (actor: AnyActor | null, user: User.Implementation) =>
  Boolean(actor && (user.isGM || actor.testUserPermission(user, "OWNER")));

/**
 * The ledger entry the GM holds a player's card to (recorded when it was posted; `ledger.ts`), or
 * null: a GM's card, which no player can edit; a player's own client acting on its own card and
 * target; a card posted while no GM was connected, which only a GM acts on.
 */
async function entryFor(message: Message, user: User.Implementation): Promise<LedgerEntry | null> {
  if (!game.user?.isGM || message.author?.isGM) return null;
  if (user.isGM && !ledgerEntry(message.id)) return null;
  return verifiedEntry(message);
}

/** Refuse an operation already done for this card (as the ledger records it). */
function once(entry: LedgerEntry | null, key: string): void {
  if (entry?.done.includes(key)) refuse(`${KEY}.AlreadyDone`);
}

/**
 * One operation, checked against the user it is carried out for (this user, or the player whose
 * request the GM received): a defence or "take it" by the target's owner; Apply by the target's
 * owner or the card's author; Undo by the target's owner; a riposte mark by the target's owner;
 * a chain mark, a continued hold and a release without a roll by the attacker's owner. A GM may do
 * all. Refuses (`refuse`) with the reason otherwise.
 */
export async function performOp(message: Message, op: AttackOp, user: User.Implementation): Promise<void> {
  const card = cardOf(message);
  if (!card || !message.id) refuse(`${KEY}.Gone.Card`);
  const entry = await entryFor(message, user);
  const attacker = await actorOf(card.attacker.actorUuid);
  const damageOptions = versesOption("damageLayers");
  const done = (key: string) => (entry ? markDone(message.id!, [key]) : Promise.resolve());
  if (op.op === "chained" || op.op === "held") {
    if (!attacker) refuse(`${KEY}.Gone.Attacker`, { name: card.attacker.name });
    if (!owns(attacker, user)) refuse(`${KEY}.NotYours`);
    once(entry, op.op);
    if (op.op === "held" && card.holdDone) refuse(`${KEY}.AlreadyDone`);
    await done(op.op);
    await saveCard(
      message,
      op.op === "chained" ? { ...card, chained: true } : { ...card, holdDone: "continued" },
    );
    return;
  }
  const index = opIndex(card, op) ?? 0;
  const row = card.targets[index];
  if (!row) refuse("POLYVERSE.Relay.Malformed");
  const target = await actorOf(row.actorUuid);
  if (!target) refuse(`${KEY}.Gone.Target`, { name: row.name });
  if (op.op === "release") {
    // Letting go without a roll is the holder's (or the GM's) to do.
    if (!owns(attacker, user)) refuse(`${KEY}.NotYours`);
    once(entry, "release");
    if (card.holdDone) refuse(`${KEY}.AlreadyDone`);
    await done("release");
    const change = releaseChange(card, index, targetNow(target));
    if (change) await applyChanges([change]);
    await saveCard(message, { ...card, holdDone: "released" });
    return;
  }
  switch (op.op) {
    case "defend": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `row:${index}`);
      if (row.defence || row.taken) refuse(`${KEY}.AlreadyDone`);
      const defenceMessage = game.messages?.get(op.defenceMessageId) as Message | undefined;
      const roll = defenceMessage ? rollOf(defenceMessage) : null;
      const d = roll?.options.defence;
      if (!defenceMessage || !roll || !d || d.attackMessageId !== message.id || d.index !== index)
        refuse("POLYVERSE.Relay.NoMessage");
      if (!user.isGM && defenceMessage.author?.id !== user.id) refuse(`${KEY}.NotYours`);
      // A forged defence roll (a 7, a thousand dice) is refused, never counted.
      if (!validFaces(roll.faces)) refuse("POLYVERSE.Relay.Malformed");
      const record: DefenceRecord = {
        kind: d.kind,
        faces: roll.faces,
        ad: roll.options.ad ?? 0,
        messageId: defenceMessage.id!,
        ...(d.weapon ? { weapon: d.weapon } : {}),
      };
      await done(`row:${index}`);
      await saveCard(message, withDefence(card, index, record, defenderData(target), damageOptions));
      return;
    }
    case "take": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `row:${index}`);
      if (row.defence || row.taken) refuse(`${KEY}.AlreadyDone`);
      await done(`row:${index}`);
      await saveCard(message, withDefence(card, index, "take", defenderData(target), damageOptions));
      return;
    }
    case "riposted": {
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      once(entry, `riposte:${index}`);
      await done(`riposte:${index}`);
      await saveCard(message, withTarget(card, index, { riposted: true }));
      return;
    }
    case "apply": {
      const author = user.isGM || message.author?.id === user.id;
      if (!owns(target, user) && !author) refuse(`${KEY}.NotYours`);
      once(entry, `apply:${index}`);
      // Computed now from the target's current state: a late Apply never overwrites what happened since.
      const plan = planApply(
        card,
        index,
        defenderData(target),
        targetNow(target),
        damageOptions,
        op.choice ?? 0,
      );
      if (!plan) refuse(`${KEY}.AlreadyDone`);
      await done(`apply:${index}`);
      await applyChanges(plan.changes);
      // "4 rounds, target dies": its combatant is out of the fight.
      if (chokeOf(card) === "dead" && game.user?.isGM) {
        const combatant = game.combat?.combatants.find((c) => c.actor?.uuid === target.uuid);
        if (combatant && !combatant.defeated) await combatant.update({ defeated: true });
      }
      await saveCard(message, withTarget(card, index, { applied: plan.record }));
      return;
    }
    case "undo": {
      // Only the target's owner (or a GM) takes a blow back.
      if (!owns(target, user)) refuse(`${KEY}.NotYours`);
      if (!row.applied || (entry && !entry.done.includes(`apply:${index}`))) refuse(`${KEY}.NothingToUndo`);
      const change = planUndo(card, index, targetNow(target), livingSystem(target).hpMax);
      if (entry) await markDone(message.id!, [`apply:${index}`], true);
      if (change) await applyChanges([change]);
      await saveCard(message, withTarget(card, index, { applied: null }));
      return;
    }
  }
}

// ---- riposte and chain --------------------------------------------------------------------------

/** A Fast Action card whose combat has ended: said plainly, and nothing is rolled. */
function combatGone(card: AttackCard): boolean {
  if (!card.combatId || game.combats?.get(card.combatId)) return false;
  warn("POLYVERSE.Verses.Combat.Gone.Combat");
  return true;
}

/** Riposte from a full parry: the parrying weapon attacks the attacker with the parry's sixes. */
export async function riposte(defender: AnyActor, message: Message, index: number, choice: RollChoice = {}) {
  const card = cardOf(message);
  if (!card || !message.id) return null;
  if (combatGone(card)) return null;
  const offer = riposteOffer(card, index);
  if (!offer) {
    warn(`${KEY}.NoRiposte`);
    return null;
  }
  let pick: { itemUuid: string; modeIndex: number } = offer;
  if (offer.either) {
    const both = [offer, offer.either];
    const chosen = (await foundry.applications.api.DialogV2.wait({
      window: { title: localizeLabel(`${KEY}.RiposteWith`) },
      content: `<p>${foundry.utils.escapeHTML(localizeLabel(`${KEY}.RiposteEither`))}</p>`,
      // Button labels are HTML: an item's name is escaped.
      buttons: both.map((w, i) => ({
        action: String(i),
        label: foundry.utils.escapeHTML(w.name),
        default: i === 0,
      })),
      rejectClose: false,
    })) as string | null;
    if (chosen === null) return null;
    pick = both[Number(chosen)] ?? offer;
  }
  const item = (await fromUuid(pick.itemUuid)) as AnyItem | null;
  if (!item) return null;
  return rollWeapon(defender, item, pick.modeIndex, {
    ...choice,
    ...(card.attacker.tokenUuid ? { targetTokens: [card.attacker.tokenUuid] } : {}),
    carried: { dice: offer.carried, kind: "riposte" },
    from: { messageId: message.id, index },
  });
}

/** The attacker's weapons that chain with this card's attack (the same chain type). */
function chainWeapons(actor: AnyActor, card: AttackCard): { item: AnyItem; modeIndex: number }[] {
  const type = card.weapon.chain?.type;
  if (!type) return [];
  // Two Weapon Fighting: the pair "can participate in an action chain as long as their use is
  // alternated": the next link is the other weapon.
  const offhand = card.weapon.offhand;
  if (type.startsWith("twf:") && offhand) {
    const item = actor.items.find((i) => i.uuid === offhand.itemUuid);
    return item ? [{ item, modeIndex: offhand.modeIndex }] : [];
  }
  const out: { item: AnyItem; modeIndex: number }[] = [];
  for (const item of actor.items) {
    if (item.type !== "verses-weapon") continue;
    weaponSystem(item).modes.forEach((mode, modeIndex) => {
      if (chainInfoOf(actor, item, mode)?.type === type) out.push({ item, modeIndex });
    });
  }
  return out;
}

/**
 * Chain from a successful chainable attack: another attack of the same type (the same weapon; any
 * unarmed attack; any grappling move), with its sixes, at the same targets. With several weapons
 * to chain with, the attacker picks one.
 */
export async function chain(
  attacker: AnyActor,
  message: Message,
  choice: RollChoice & { itemUuid?: string; modeIndex?: number } = {},
) {
  const card = cardOf(message);
  if (!card || !message.id) return null;
  if (combatGone(card)) return null;
  const offer = chainOffer(card, versesOption("riposteChain"));
  if (!offer) {
    warn(`${KEY}.NoChain`);
    return null;
  }
  const candidates = chainWeapons(attacker, card);
  let picked = candidates.find(
    (c) =>
      c.item.uuid === choice.itemUuid && (choice.modeIndex === undefined || c.modeIndex === choice.modeIndex),
  );
  if (!picked && candidates.length === 1) picked = candidates[0];
  if (!picked && candidates.length > 1) {
    const chosen = (await foundry.applications.api.DialogV2.wait({
      window: { title: localizeLabel(`${KEY}.Chain.Pick`) },
      content: `<p>${foundry.utils.escapeHTML(localizeLabel(`${KEY}.Chain.PickHint`))}</p>`,
      buttons: candidates.map((c, i) => ({
        action: String(i),
        label: foundry.utils.escapeHTML(
          `${c.item.name}${weaponSystem(c.item).modes[c.modeIndex]?.name ? `: ${weaponSystem(c.item).modes[c.modeIndex]!.name}` : ""}`,
        ),
      })),
      rejectClose: false,
    })) as string | null;
    picked = chosen === null ? undefined : candidates[Number(chosen)];
  }
  if (!picked) return null;
  const targets = card.targets.map((t) => t.tokenUuid).filter((t): t is string => Boolean(t));
  return rollWeapon(attacker, picked.item, picked.modeIndex, {
    ...choice,
    targetTokens: targets,
    carried: { dice: offer.carried, kind: "chain" },
    chain: offer.chain,
    from: { messageId: message.id },
    ...(card.weapon.offhand && card.weapon.itemUuid
      ? { pairWith: { itemUuid: card.weapon.itemUuid, modeIndex: card.weapon.modeIndex } }
      : {}),
  });
}

/**
 * Continue a hold from its card ("Some grappling moves are continuable. Continuations are contested
 * in the same way as the original move"): the same move at the same target, rolled against its
 * continuation target (`2S C`: 1S) with at least 1AD in Fast Action; the target resists again. A
 * Choke continued for 2, 3 and 4 rounds makes the target Unconscious, Moribund, dead.
 */
export async function continueHold(attacker: AnyActor, message: Message, choice: RollChoice = {}) {
  const card = cardOf(message);
  const offer = card ? holdOffer(card) : null;
  if (!card || !offer || !message.id) {
    warn(`${KEY}.Hold.None`);
    return null;
  }
  const item = card.weapon.itemUuid ? ((await fromUuid(card.weapon.itemUuid)) as AnyItem | null) : null;
  if (!item) return null;
  const token = card.targets[offer.index]?.tokenUuid;
  return rollWeapon(attacker, item, card.weapon.modeIndex, {
    target: offer.continuation,
    ...choice,
    ...(token ? { targetTokens: [token] } : {}),
    hold: { ...offer.next, from: message.id },
  });
}

// ---- reloading ----------------------------------------------------------------------------------

/**
 * Reload a weapon (or pay part of its reload): the AD it costs, reduced by the weapon skill's
 * allocated dice (`reloadCost`), divisible across rounds; rounds come from the ammunition chosen.
 * In Fast Action the AD paid now are spent; outside it the reload is done at once.
 */
export async function reload(
  actor: AnyActor,
  weapon: AnyItem,
  choice: { ammoUuid?: string; ad?: number } = {},
): Promise<boolean> {
  const s = livingSystem(actor);
  const ws = weaponAmmoSource(weapon);
  const mode = reloadMode(ws);
  const definition = mode ? findSkillDefinition(catalogOf(s), mode.skill) : undefined;
  const skill = definition?.reloadReduction && mode ? allocated(s, mode.skill) : 0;
  const fastAction = inFastAction(actor);
  const state = adStateOf(s);
  const result = planReloadPayment(ws, ammoItems(actor), {
    ...choice,
    fastAction,
    available: adLimit(state, { fastAction }),
    skillAllocated: skill,
  });
  if (!result.ok) {
    warn(result.reason.key, result.reason.data);
    return false;
  }
  const changes = [...result.value.changes];
  if (result.value.ad > 0) {
    const spent = spendForRoll(state, { ad: result.value.ad, minimum: 1, fastAction });
    if (!spent.ok) {
      warn(spent.reason.key, spent.reason.data);
      return false;
    }
    const change = spendChange({ uuid: actor.uuid, name: actor.name ?? "" }, state, spent.value);
    if (change) changes.push(change);
  }
  const pending = await applyChanges(changes);
  if (pending.length) {
    warn("POLYVERSE.Verses.Attack.Ammo.NotYours", { weapon: weapon.name ?? "" });
    return false;
  }
  ui.notifications?.info(
    localizeLabel(result.value.complete ? `${KEY}.Ammo.Reloaded` : `${KEY}.Ammo.ReloadPaid`, {
      weapon: weapon.name ?? "",
      loaded: String(result.value.loaded),
      ammo: result.value.ammoName,
      owed: String(result.value.owed),
      ad: String(result.value.ad),
    }),
  );
  return true;
}

/**
 * Reload from the sheet: when there is a choice to make (several fitting ammunitions, or the AD to
 * pay in Fast Action, which may be divided across rounds), a small dialog asks; then `reload`.
 */
export async function reloadWithChoice(actor: AnyActor, weapon: AnyItem): Promise<boolean> {
  const ws = weaponAmmoSource(weapon);
  const fitting = fittingAmmo(ws, ammoItems(actor));
  const fastAction = inFastAction(actor);
  if (fitting.length <= 1 && !fastAction)
    return reload(actor, weapon, fitting[0] ? { ammoUuid: fitting[0].uuid } : {});
  const esc = foundry.utils.escapeHTML;
  const available = adLimit(adStateOf(livingSystem(actor)), { fastAction });
  const ammoField = fitting.length
    ? `<label>${esc(localizeLabel(`${KEY}.Ammo.Choose`))} <select name="ammo">${fitting
        .map((a) => `<option value="${esc(a.uuid)}">${esc(`${a.name} (${a.quantity})`)}</option>`)
        .join("")}</select></label>`
    : "";
  const adField = fastAction
    ? `<label>${esc(localizeLabel(`${KEY}.Ammo.PayAD`))} <input type="number" name="ad" min="1" step="1" value="${available}"></label>`
    : "";
  const result = (await foundry.applications.api.DialogV2.wait({
    window: { title: localizeLabel(`${KEY}.Ammo.ReloadTitle`, { weapon: weapon.name ?? "" }) },
    content: `<div class="polyverse pv-reload-dialog">${ammoField}${adField}</div>`,
    buttons: [
      {
        action: "reload",
        label: localizeLabel(`${KEY}.Ammo.Reload`),
        default: true,
        callback: (_event, button) => {
          const form = button.form;
          const ammo = (form?.elements.namedItem("ammo") as HTMLSelectElement | null)?.value;
          const ad = Number((form?.elements.namedItem("ad") as HTMLInputElement | null)?.value);
          return JSON.stringify({ ammo: ammo ?? null, ad: Number.isFinite(ad) ? ad : null });
        },
      },
    ],
    rejectClose: false,
  })) as string | null;
  if (!result) return false;
  const picked = JSON.parse(result) as { ammo: string | null; ad: number | null };
  return reload(actor, weapon, {
    ...(picked.ammo ? { ammoUuid: picked.ammo } : {}),
    ...(fastAction && picked.ad !== null ? { ad: picked.ad } : {}),
  });
}

// ---- registration ------------------------------------------------------------------------------

const indexOf = (button: HTMLButtonElement) => Number(button.dataset.index ?? -1);

/** Who may see a row's button: GM; the target's owner; for Apply/Undo also the card's author; for Chain the attacker's owner. */
function mayPress(message: Message, button: HTMLElement, user: User.Implementation): boolean {
  if (user.isGM) return true;
  const who = button.dataset.who;
  const uuid = (who === "attacker" ? cardOf(message)?.attacker.actorUuid : button.dataset.actorUuid) ?? "";
  const actor = uuid ? (fromUuidSync(uuid) as AnyActor | null) : null;
  const owner = Boolean(actor?.testUserPermission?.(user, "OWNER"));
  if (who === "either") return owner || message.author?.id === user.id;
  return owner;
}

async function rowActor(message: Message, button: HTMLButtonElement): Promise<AnyActor | null> {
  const card = cardOf(message);
  const row = card?.targets[indexOf(button)];
  const actor = row ? await actorOf(row.actorUuid) : null;
  if (!actor || !owns(actor, game.user!)) {
    warn(`${KEY}.NotYours`);
    return null;
  }
  return actor;
}

/** Register the card's buttons, the GM's side of them, and the redraw after pending changes. Call once at init. */
export function registerAttackCards(): void {
  const anyRow = (message: Message, user: User.Implementation) =>
    user.isGM ||
    Boolean(
      cardOf(message)?.targets.some((t) =>
        (fromUuidSync(t.actorUuid) as AnyActor | null)?.testUserPermission?.(user, "OWNER"),
      ),
    );
  const rowOrAuthor = (message: Message, user: User.Implementation) =>
    message.author?.id === user.id || anyRow(message, user);
  const attackerOwner = (message: Message, user: User.Implementation) => {
    const uuid = cardOf(message)?.attacker.actorUuid;
    return Boolean(uuid && (fromUuidSync(uuid) as AnyActor | null)?.testUserPermission?.(user, "OWNER"));
  };
  for (const kind of ["dodge", "parry", "resist"] as const)
    registerChatAction(`verses.attack.${kind}`, {
      permission: anyRow,
      handler: async (message, button, event) => {
        const actor = await rowActor(message, button);
        if (actor) await defend(actor, message, indexOf(button), kind, { event });
      },
    });
  registerChatAction("verses.attack.take", {
    permission: anyRow,
    handler: async (message, button) => {
      if (await rowActor(message, button)) await cardOp(message, { op: "take", index: indexOf(button) });
    },
  });
  registerChatAction("verses.attack.apply", {
    permission: rowOrAuthor,
    handler: (message, button) =>
      cardOp(message, { op: "apply", index: indexOf(button), choice: Number(button.dataset.choice || 0) }),
  });
  registerChatAction("verses.attack.undo", {
    permission: anyRow,
    handler: (message, button) => cardOp(message, { op: "undo", index: indexOf(button) }),
  });
  registerChatAction("verses.attack.riposte", {
    permission: anyRow,
    handler: async (message, button, event) => {
      const actor = await rowActor(message, button);
      if (actor) await riposte(actor, message, indexOf(button), { event });
    },
  });
  registerChatAction("verses.attack.chain", {
    permission: attackerOwner,
    handler: async (message, _button, event) => {
      const actor = await actorOf(cardOf(message)?.attacker.actorUuid ?? "");
      if (actor && owns(actor, game.user!)) await chain(actor, message, { event });
    },
  });
  registerChatAction("verses.attack.continue", {
    permission: attackerOwner,
    handler: async (message, _button, event) => {
      const actor = await actorOf(cardOf(message)?.attacker.actorUuid ?? "");
      if (actor && owns(actor, game.user!)) await continueHold(actor, message, { event });
    },
  });
  registerChatAction("verses.attack.release", {
    permission: attackerOwner,
    handler: (message, button) =>
      cardOp(message, {
        op: "release",
        ...(button.dataset.index ? { index: Number(button.dataset.index) } : {}),
      }),
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const message = game.messages?.get(documentId(payload.messageId)) as Message | undefined;
    const card = message ? cardOf(message) : null;
    if (!message || !card) refuse("POLYVERSE.Relay.NoMessage");
    await performOp(message, parseAttackOp(payload, card), requester);
  });
  registerCardLedger("attack", async (message) => {
    const card = cardOf(message);
    if (!card) return null;
    const item = card.weapon.itemUuid ? ((await fromUuid(card.weapon.itemUuid)) as AnyItem | null) : null;
    const mode = item?.type === "verses-weapon" ? weaponSystem(item).modes[card.weapon.modeIndex] : undefined;
    const bad =
      impossibleCard(card) ??
      weaponMismatch(
        card,
        item && mode
          ? {
              actorUuid: item.parent?.uuid ?? null,
              damage: mode.damage,
              ...(mode.thrownDamage ? { thrownDamage: mode.thrownDamage } : {}),
              ...(mode.area ? { area: mode.area } : {}),
            }
          : null,
      );
    return {
      subjects: [card.attacker.actorUuid, ...card.targets.map((t) => t.actorUuid)],
      stable: { card: stableCard(card), faces: rollOf(message)?.faces ?? null },
      ...(bad ? { bad } : {}),
    };
  });
  registerPendingRedraw("attack", async (message, left) => {
    const card = cardOf(message);
    return card ? { content: await renderCard(card, rollOf(message), left) } : {};
  });
  // Each reader sees only the row buttons they may press (the card's content is the same for all).
  Hooks.on("renderChatMessageHTML", (message: Message, html: HTMLElement) => {
    const user = game.user;
    if (!user || !cardOf(message)) return;
    for (const button of html.querySelectorAll<HTMLButtonElement>(".pv-attack-card button[data-who]"))
      if (!mayPress(message, button, user)) button.hidden = true;
  });
}
