/**
 * An attack's damage on one target, without Foundry: the target's protective layers from what it
 * wears and wields (a shield outside its armour), its body, the rules' `resolveDamage`, and the
 * change to apply (HP, EX bound by the blow, Moribund) with what Undo restores. Full or partial
 * cover the target stands behind is added by the caller as layers in front.
 */
import { adStateOf, type AdHolder } from "../ad-logic";
import type { DocumentChange } from "../changes-logic";
import {
  bindEX,
  parseDamage,
  resolveDamage,
  type ActorKind,
  type AmmoEffect,
  type BodyLayer,
  type DamageLayerOptions,
  type DamageResolution,
  type ProtectiveLayer,
} from "../rules";
import { SYSTEM_ID } from "../../../core/constants";

/** What the damage needs of the target actor's data and items. */
export interface TargetState extends AdHolder {
  kind: ActorKind;
  hp: { value: number };
  effective: { tuf: number };
  abilities: { key: string; dice: number }[];
  items: { name: string; type: string; system: unknown }[];
}

/** Worn shields first (held in front), then worn armour, as protective layers. */
export function wornLayers(items: TargetState["items"]): ProtectiveLayer[] {
  const worn = items.filter((i) => i.type === "verses-armour" && (i.system as { worn?: boolean }).worn);
  const layer = (i: (typeof worn)[number]): ProtectiveLayer => {
    const a = i.system as { class: string; tuf: number; resistance: string };
    return {
      kind: a.class === "shield" ? "shield" : "armour",
      name: i.name,
      tuf: a.tuf,
      resistance: a.resistance,
    };
  };
  return [
    ...worn.filter((i) => (i.system as { class: string }).class === "shield").map(layer),
    ...worn.filter((i) => (i.system as { class: string }).class !== "shield").map(layer),
  ];
}

/** The target's body: its kind, TUF, HP and Pain Tolerance. */
export function bodyOf(target: TargetState): BodyLayer {
  const pain = target.abilities.find((a) => a.key === "painTolerance")?.dice ?? 0;
  return {
    kind: target.kind,
    tuf: target.effective.tuf,
    hp: target.hp.value,
    ...(pain > 0 ? { painTolerance: pain } : {}),
  };
}

/** The attack as the card keeps it: faces left after any defence, target, the damage string. */
export interface AttackOnTarget {
  faces: readonly number[];
  target: number;
  /** The mode's damage as written: "3(s) or 2(p)". */
  damage: string;
  /** Which of the string's alternatives (the attacker's choice); default the first. */
  option?: number;
  ammo?: AmmoEffect;
  /** Cover between attacker and target, outermost first. */
  cover?: ProtectiveLayer[];
}

/** Resolve an attack against a target ("Damage", "Protective Cover", "Armor & Shields"). */
export function damageOnTarget(
  attack: AttackOnTarget,
  target: TargetState,
  options: DamageLayerOptions = {},
): DamageResolution {
  const spec = parseDamage(attack.damage);
  const perSM = spec.modes[attack.option ?? 0] ?? spec.modes[0]!;
  return resolveDamage(
    {
      kind: "roll",
      faces: attack.faces as never,
      target: attack.target,
      perSM,
      ...(attack.ammo ? { ammo: attack.ammo } : {}),
    },
    [...(attack.cover ?? []), ...wornLayers(target.items)],
    bodyOf(target),
    options,
  );
}

/** What Undo puts back: the HP, EX-bound dice and Moribund before the damage. */
export interface DamageUndo {
  messageId: string;
  hp: number;
  exBound: number;
  spent: number;
  moribund: boolean;
}

/** Where an actor keeps the undo of the last damage applied to it. */
export const LAST_DAMAGE_PATH = `flags.${SYSTEM_ID}.lastDamage`;

/** The change a resolution makes to the target, with the undo it keeps. */
export function damageChange(
  ref: { uuid: string; name: string },
  target: TargetState & { moribund: boolean },
  resolution: DamageResolution,
  messageId: string,
): DocumentChange {
  const before = adStateOf(target);
  const after = resolution.exToBind ? bindEX(before, resolution.exToBind).state : before;
  const undo: DamageUndo = {
    messageId,
    hp: target.hp.value,
    exBound: before.exBound,
    spent: before.spent,
    moribund: target.moribund,
  };
  return {
    ...ref,
    set: {
      "system.hp.value": resolution.body.hpAfter,
      "system.ad.exBound": after.exBound,
      "system.ad.spent": after.spent,
      [LAST_DAMAGE_PATH]: undo,
    },
    ...(resolution.moribund && !target.moribund
      ? { statuses: [{ id: "moribund" as const, active: true }] }
      : {}),
  };
}

/** The change Undo makes: the values before, Moribund as it was, the undo spent. */
export function undoChange(
  ref: { uuid: string; name: string },
  undo: DamageUndo,
  moribundNow: boolean,
): DocumentChange {
  return {
    ...ref,
    set: {
      "system.hp.value": undo.hp,
      "system.ad.exBound": undo.exBound,
      "system.ad.spent": undo.spent,
      [`flags.${SYSTEM_ID}.-=lastDamage`]: null,
    },
    ...(moribundNow !== undo.moribund
      ? { statuses: [{ id: "moribund" as const, active: undo.moribund }] }
      : {}),
  };
}

/** The card's account of the damage: per layer what it absorbed, then the body. */
export function damageSummary(resolution: DamageResolution): {
  hit: boolean;
  incoming: number;
  layers: { name: string; absorbed: number; passed: number; bypassed: number }[];
  hpLost: number;
  hpAfter: number;
  exToBind: number;
  moribund: boolean;
} {
  return {
    hit: resolution.hit,
    incoming: resolution.incomingTotal,
    layers: resolution.layers.map((l) => ({
      name: l.name ?? l.kind,
      absorbed: l.absorbed,
      passed: l.passed.reduce((n, d) => n + d.amount, 0),
      bypassed: l.bypassed.reduce((n, d) => n + d.amount, 0),
    })),
    hpLost: resolution.hpLost,
    hpAfter: resolution.body.hpAfter,
    exToBind: resolution.exToBind,
    moribund: resolution.moribund,
  };
}
