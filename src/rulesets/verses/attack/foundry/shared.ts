/**
 * 'Verses attacks in Foundry (see `../attack.ts`): the documents as plain data (weapons, ammunition, defender, target now, chains, two weapons) and the card (read, render, save).
 */
import { deletionUpdate } from "../../../../core/compat";
import { cardOf as cardState, saveCard as saveCardState, type CardKind } from "../../../../core/cards";
import { pendingNames, type DocumentChange } from "../../../../core/changes-logic";
import { templatePath } from "../../../../core/constants";
import { ATTACK_CARD } from "../../data/messages-logic";
import { versesFlagDelete, versesFlagPath, versesFlags } from "../../base/flags";
import { localize } from "../../../../core/i18n";
import { adStateOf } from "../../base/ad-logic";
import { ammunitionSystem, weaponSystem } from "../../data/systems";
import { type TwoWeaponOffer } from "../../rolls/dialog";
import { livingSystem, type LivingSystem } from "../../rolls/roll-common";
import { versesSkillCatalog } from "../../rolls/skill-catalog";
import { VersesRoll } from "../../rolls/verses-roll";
import { twoWeaponWeapon, type WeaponModeSource } from "../../data/weapon-modes";
import { findSkillDefinition, skillAllocation, skillChainLimit, type SkillActor } from "../../rules";
import { versesOption } from "../../base/settings";
import { modeFeatures, type AmmoItem, type WeaponAmmoSource } from "../../data/ammo-logic";
import { readTrackedCover, type TrackedCover } from "../cover-logic";
import { crossModeChain, type AttackCard, type ChainInfo, type TargetNow } from "../attack-logic";
import { attackCardContext } from "../card-context";
import { defenderArmour, type DefenderData } from "../defender-logic";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;
export type AnyToken = foundry.canvas.placeables.Token.Implementation;

/** The attack card's template (preload it: the ruleset's `templates`). */
const ATTACK_CARD_TEMPLATE = "templates/verses/chat/attack-card.hbs";
export const ATTACK_TEMPLATES = [ATTACK_CARD_TEMPLATE];

/** The socket request that carries a card button out as the GM. */
export const ATTACK_OP = "verses.attackOp";

export const KEY = "POLYVERSE.Verses.Attack";
export const warn = (key: string, data?: Record<string, string>) =>
  ui.notifications?.warn(localize(key, data));

// ---- documents as plain data ---------------------------------------------------------------------

export { weaponSystem };

/** A weapon item as the ammunition rules read it. */
export function weaponAmmoSource(item: AnyItem): WeaponAmmoSource {
  const s = weaponSystem(item);
  return {
    uuid: item.uuid,
    name: item.name ?? "",
    key: s.key ?? "",
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
      const s = ammunitionSystem(i);
      return {
        uuid: i.uuid,
        name: i.name ?? "",
        key: s.key ?? "",
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

export function targetNow(actor: AnyActor): TargetNow {
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

export const catalogOf = (s: LivingSystem) => [...s.skillCatalog, ...versesSkillCatalog()];

/**
 * The chain an attack with this mode belongs to ("Action Chaining"): unarmed attacks and grappling
 * moves chain by their skill ("All dice allocated to this skill are counted as the Chain Limit"),
 * a Chainable weapon by its weapon skill; thrown attacks do not chain. Null when it cannot chain.
 */
export function chainInfoOf(
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
export interface TwoWeaponPair {
  other: { item: AnyItem; modeIndex: number; mode: WeaponModeSource };
  allocated: number;
  chainable: boolean;
}

/** Equipped weapons (other than this one) whose modes can pair with it under Two Weapon Fighting. */
export function twoWeaponCandidates(actor: AnyActor, weapon: AnyItem) {
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
export function twoWeaponOffer(
  actor: AnyActor,
  weapon: AnyItem,
  mode: WeaponModeSource,
): TwoWeaponOffer | null {
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
export const TWO_WEAPON_SKILL = "Two Weapon Fighting";
/** Hands free to hold weapons: the text's actors are humanoid ("Grappling Attacks (Humanoid)"). */
export const FREE_HANDS = 2;

/** Allocated dice in a skill (reload reduction, parry permission, grappling resistance). */
export function allocated(s: LivingSystem, skill: string): number {
  return skill ? skillAllocation(skillActor(s), skill) : 0;
}

// ---- the card ----------------------------------------------------------------------------------

/** The card state of a message (`system.card` of a `verses-attack` message, or an older card's flag), or null. */
export const cardOf = (message: Message): AttackCard | null => cardState<AttackCard>(message, ATTACK_CARD);

export const rollOf = (message: Message): VersesRoll | null => {
  const roll = message.rolls[0];
  return roll instanceof VersesRoll ? roll : null;
};

/** The attack card's template context, localised for this user. */
function cardContext(card: AttackCard, roll: VersesRoll | null, pending: readonly DocumentChange[] = []) {
  return attackCardContext(card, roll?.view ?? null, {
    localize: localize,
    pendingNames: pendingNames(pending),
    chainOptions: versesOption("riposteChain"),
  });
}

/** The attack card as core draws it (core/cards.ts), from its state, its roll and what is pending. */
export const ATTACK_CARD_KIND: CardKind<AttackCard> = {
  ...ATTACK_CARD,
  template: templatePath("verses/chat/attack-card.hbs"),
  context: (message, card, pending) => cardContext(card, rollOf(message), pending),
};

/** The card's plain-text fallback (stored in `content`; the card is drawn from its data). */
export const attackCardText = (card: AttackCard): string =>
  localize(`${KEY}.CardText`, { attacker: card.attacker.name, weapon: card.weapon.label });

/** Write a new card state into its message; Foundry redraws it from the data. */
export async function saveCard(
  message: Message,
  card: AttackCard,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await saveCardState(message, ATTACK_CARD, card, extra);
}

// ---- tracked cover ------------------------------------------------------------------------------

type TokenDoc = TokenDocument.Implementation;

function tokenDoc(uuid: string | null | undefined): TokenDoc | null {
  if (!uuid) return null;
  const doc = fromUuidSync(uuid) as { documentName?: string } | null;
  return doc?.documentName === "Token" ? (doc as unknown as TokenDoc) : null;
}

/** The cover a token stands behind (`flags.polyverse.verses.cover`, cover-logic.ts), or null. */
export function trackedCoverOf(tokenUuid: string | null | undefined): TrackedCover | null {
  const token = tokenDoc(tokenUuid);
  return readTrackedCover(versesFlags(token).cover);
}

/** The cover the token's move took it away from (`flags.polyverse.verses.coverLeft`, cover-moves.ts), or null. */
export function coverLeftOf(tokenUuid: string | null | undefined): TrackedCover | null {
  const token = tokenDoc(tokenUuid);
  return readTrackedCover(versesFlags(token).coverLeft);
}

/**
 * Keep (or, with null, clear) the cover a token stands behind (new cover ends the note that it
 * moved off its last). Only a user who may update the token
 * (its owner, the GM) writes it; anyone else is refused with false.
 */
export async function saveTrackedCover(tokenUuid: string, cover: TrackedCover | null): Promise<boolean> {
  const token = tokenDoc(tokenUuid);
  if (!token || !game.user || !token.canUserModify(game.user, "update")) return false;
  await token.update(
    deletionUpdate(
      cover
        ? { [versesFlagPath("cover")]: cover, [versesFlagDelete("coverLeft")]: null }
        : { [versesFlagDelete("cover")]: null },
    ) as never,
  );
  return true;
}

/**
 * The macro API's cover: what a token stands behind (`coverOf`), and `setCover(token, cover)` to
 * mark it (`{ protective: "partial" | "full", material, hp }`, `max` defaulting to `hp`) or, with
 * null, clear it (the token left it). Refused (false) when the user may not update the token or
 * the cover is not one the text's materials allow.
 */
export function coverOf(token: { document?: { uuid: string }; uuid?: string }): TrackedCover | null {
  return trackedCoverOf(token.document?.uuid ?? token.uuid ?? null);
}

export async function setCover(
  token: { document?: { uuid: string }; uuid?: string },
  cover: { protective: "partial" | "full"; material: string; hp: number; max?: number } | null,
): Promise<boolean> {
  const uuid = token.document?.uuid ?? token.uuid ?? "";
  if (!cover) return saveTrackedCover(uuid, null);
  const read = readTrackedCover({ ...cover, max: cover.max ?? cover.hp });
  return read ? saveTrackedCover(uuid, read) : false;
}
