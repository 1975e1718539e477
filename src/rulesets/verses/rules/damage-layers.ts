/**
 * Damage through cover, shields and armour to the body; EX binding on injury; Moribund and the survival
 * roll ('Verses Core 0.8.5, "Cover, Armor, & Shields", "Injury, Damage, & Death", "Actor Destruction &
 * Death", "Survival Roll"). Pure functions on plain values.
 */
import { countSuccesses } from "./dice";
import type { AmmoEffect, DamageApplication, Resistance } from "./damage";
import { BIOLOGICAL_RESISTANCE, attackDamage, mergeByType, parseResistance, totalDamage } from "./damage";
import type { ActorKind, Face } from "./types";

// ---------------------------------------------------------------------------------------------
// Splitting an attack by its sixes
// ---------------------------------------------------------------------------------------------

/** How the success-margin units of a hit split between the target and partial cover. */
export interface SixesSplit {
  hit: boolean;
  /** The success margin: `1 + successes - target` (0 or less on a miss). */
  sm: number;
  /** SM units whose damage goes straight to the target. */
  directUnits: number;
  /** SM units whose damage meets the cover first. */
  coverUnits: number;
  /** The threshold unit (the first `#S` successes) is all sixes, so it goes direct. */
  thresholdDirect: boolean;
}

/**
 * Split a hit's SM units by its sixes for partial protective cover ("Protective Cover"): "only rolls of
 * six apply towards damage to the target. When counting successes towards the target and SM, all sixes
 * are counted first, then fives. The dice making up the initial success threshold must all be sixes in
 * order to count its damage against the target. All damage resulting from fives is applied to the cover
 * material first". The first unit is the threshold (the first `#S` successes, sixes first): direct when
 * all are sixes; each further unit is direct when its die is a six. Pass the faces left after a contest
 * (`resolveContest(...).remaining`). Seeja (TV-35): four 6s and a 5 vs 4S -> 1 direct, 1 to the cover.
 */
export function splitBySixes(faces: readonly Face[], target: number): SixesSplit {
  const { successes, sixes } = countSuccesses(faces);
  const sm = 1 + successes - target;
  if (successes < target || sm < 1)
    return { hit: false, sm, directUnits: 0, coverUnits: 0, thresholdDirect: false };
  const thresholdDirect = sixes >= target;
  const directUnits = thresholdDirect ? 1 + sixes - target : 0;
  return { hit: true, sm, directUnits, coverUnits: sm - directUnits, thresholdDirect };
}

// ---------------------------------------------------------------------------------------------
// Layers
// ---------------------------------------------------------------------------------------------

/**
 * A protective layer between attacker and target, outermost first: full protective cover, partial
 * protective cover, shield, armour. Armour and shields "Always provide Partial Protective Cover and
 * absorb damage according to those rules" ("Armor & Shields").
 */
export type LayerKind = "fullCover" | "partialCover" | "shield" | "armour";

/** A protective layer: its TUF, resistance and, for cover, the HP of the interposed material. */
export interface ProtectiveLayer {
  kind: LayerKind;
  /** For the report, e.g. "stone wall", "Mail". */
  name?: string;
  tuf: number;
  /** Resistance string (`"b, c, p, r, s"`, `"s ⇒ c, p"`, ...) or a parsed one. */
  resistance: string | Resistance;
  /**
   * Current HP of the covering material (see `materialHp`). Unresisted damage is "passed on to the target
   * only if unresisted damage exceeds the material's HP": the material takes it to its HP and passes the
   * excess. Armour and shields list no HP: leave it out and unresisted damage passes whole (§11.2 #10).
   */
  hp?: number;
}

/** The target's own body: an actor (biological, construct, incorporeal) or a plain object. */
export interface BodyLayer {
  kind: ActorKind | "object";
  tuf: number;
  /** Current HP. */
  hp: number;
  /**
   * Further resistances of the body. A biological body always resists crushing with its TUF ("All
   * biological actors are resistant to Crushing (c) damage"); for constructs and objects give their
   * material's resistance (none when absent).
   */
  resistance?: string | Resistance;
  /** Dice allocated to Pain Tolerance (biologicals): raises the EX-on-injury threshold. */
  painTolerance?: number;
}

/** The damage arriving at the layers. */
export type IncomingDamage =
  /** A rolled attack: faces left after any contest, the success target, the chosen mode's damage per SM, ammunition. */
  | { kind: "roll"; faces: readonly Face[]; target: number; perSM: DamageApplication; ammo?: AmmoEffect }
  /** Area damage (after any dodge): no dice faces to split by sixes (§11.2 #13). */
  | { kind: "area"; damage: readonly DamageApplication[] }
  /** Damage already split: `direct` goes past partial layers, `cover` meets them. */
  | { kind: "shares"; direct: readonly DamageApplication[]; cover: readonly DamageApplication[] };

/** Options of {@link resolveDamage}: the places where the text is silent. */
export interface DamageLayerOptions {
  /**
   * Partial cover, shield and armour together (§11.2 #9). `"splitOnce"` (default): the sixes split is made
   * once; the direct share passes every partial layer (the same sixes count again at each), the cover share
   * meets each partial layer in turn, and what one passes meets the next. `"outermostOnly"`: the sixes get
   * past the outermost partial layer only; every inner partial layer takes all that reaches it.
   */
  stacking?: "splitOnce" | "outermostOnly";
  /**
   * Area damage has no dice to split (§11.2 #13). `"cover"` (default): all of it meets partial layers.
   * `"direct"`: it passes partial layers (full cover still takes it).
   */
  areaVsPartial?: "cover" | "direct";
  /**
   * What the EX-on-injury rule compares with TUF (§11.2 #12). `"taken"` (default): the damage that reached
   * the body after every absorption. `"incoming"`: the blow's damage before any layer.
   */
  exBasis?: "taken" | "incoming";
  /**
   * Partial layers whose kinds the attack's successes pass as if they were sixes (Assassination: "for
   * that attack all successes bypass any armor as if they were sixes", `assassinationFaces`): every
   * success being a six, all the damage that reaches such a layer goes past it untouched.
   */
  sixesAgainst?: readonly LayerKind[];
}

/** A type change at a layer ("s ⇒ c"). */
export interface Transformation {
  from: DamageApplication["type"];
  to: DamageApplication["type"];
  /** Damage passed on in the new type. */
  amount: number;
}

/** What happened at one protective layer. */
export interface LayerReport {
  kind: LayerKind;
  name?: string;
  /** Damage that met this layer, one application per type. */
  incoming: DamageApplication[];
  /** Damage that went past this partial layer on sixes, untouched. */
  bypassed: DamageApplication[];
  /** Damage absorbed by TUF (resisted types); it does not count against the material's HP. */
  absorbed: number;
  /** Unresisted damage the material's HP stopped (the cover takes this much HP damage). */
  hpDamage: number;
  /** The material's HP after the attack, when it has HP. */
  hpAfter?: number;
  /** The cover was reduced to 0 HP: "destroyed or scrapped". */
  destroyed: boolean;
  transformed: Transformation[];
  /** Damage the layer passed on (bypassed damage not included). */
  passed: DamageApplication[];
}

/** What happened at the body. */
export interface BodyReport {
  kind: BodyLayer["kind"];
  incoming: DamageApplication[];
  /** Absorbed by the body's own resistance (a biological's TUF against crushing). */
  absorbed: number;
  /** Damage taken after every absorption. */
  damageTaken: number;
  hpBefore: number;
  /** HP after the attack, never below 0 (§11.2 #33). */
  hpAfter: number;
  /** HP actually lost: `hpBefore - hpAfter`. */
  hpLost: number;
}

/** The full result of {@link resolveDamage}. */
export interface DamageResolution {
  hit: boolean;
  /** The blow's damage before any layer. */
  incomingTotal: number;
  layers: LayerReport[];
  body: BodyReport;
  hpLost: number;
  /** EX to bind (0 or 1) from "damage higher than their TUF in a single blow". */
  exToBind: number;
  /** The actor gains (or keeps) Moribund: an actor that took damage and is below 1 HP. */
  moribund: boolean;
  /** A plain object reduced to 0 HP: "destroyed or scrapped". */
  destroyed: boolean;
}

function resistanceOf(resistance: string | Resistance | undefined): Resistance {
  if (resistance === undefined) return { resists: [], transforms: {} };
  return typeof resistance === "string" ? parseResistance(resistance) : resistance;
}

function initialShares(
  incoming: IncomingDamage,
  options: DamageLayerOptions,
): { hit: boolean; direct: DamageApplication[]; cover: DamageApplication[] } {
  if (incoming.kind === "shares")
    return { hit: true, direct: mergeByType(incoming.direct), cover: mergeByType(incoming.cover) };
  if (incoming.kind === "area") {
    const damage = mergeByType(incoming.damage);
    return options.areaVsPartial === "direct"
      ? { hit: true, direct: damage, cover: [] }
      : { hit: true, direct: [], cover: damage };
  }
  const split = splitBySixes(incoming.faces, incoming.target);
  if (!split.hit) return { hit: false, direct: [], cover: [] };
  const damage = attackDamage(incoming.perSM, split.sm, incoming.ammo);
  const unit = damage.perUnit;
  const direct = [{ amount: unit.amount * split.directUnits, type: unit.type }];
  const cover = [{ amount: unit.amount * split.coverUnits, type: unit.type }];
  // Once-per-attack ammunition damage rides with the threshold unit, the hit itself (INFERENCE).
  (split.thresholdDirect ? direct : cover).push(...damage.once);
  return { hit: true, direct: mergeByType(direct), cover: mergeByType(cover) };
}

function applyLayer(
  layer: ProtectiveLayer,
  incoming: DamageApplication[],
  bypassed: DamageApplication[],
): LayerReport {
  const resistance = resistanceOf(layer.resistance);
  let hpLeft = layer.hp;
  let absorbed = 0;
  let hpDamage = 0;
  const passed: DamageApplication[] = [];
  const transformed: Transformation[] = [];
  for (const application of incoming) {
    if (resistance.resists.includes(application.type)) {
      const taken = Math.min(application.amount, Math.max(0, layer.tuf));
      absorbed += taken;
      const rest = application.amount - taken;
      const to = resistance.transforms[application.type] ?? application.type;
      if (rest > 0 && to !== application.type) transformed.push({ from: application.type, to, amount: rest });
      passed.push({ amount: rest, type: to });
    } else if (hpLeft !== undefined) {
      const stopped = Math.min(application.amount, Math.max(0, hpLeft));
      hpLeft -= stopped;
      hpDamage += stopped;
      passed.push({ amount: application.amount - stopped, type: application.type });
    } else {
      passed.push({ ...application });
    }
  }
  const report: LayerReport = {
    kind: layer.kind,
    incoming,
    bypassed,
    absorbed,
    hpDamage,
    destroyed: layer.hp !== undefined && layer.hp > 0 && hpLeft !== undefined && hpLeft <= 0,
    transformed,
    passed: mergeByType(passed),
  };
  if (layer.name !== undefined) report.name = layer.name;
  if (hpLeft !== undefined) report.hpAfter = hpLeft;
  return report;
}

/**
 * Resolve one attack's damage through protective layers to the body ("Protective Cover", "Armor &
 * Shields", "Toughness & Damage Resistance"). `layers` are in order from the attacker inwards: full
 * protective cover, partial protective cover, shield, armour.
 *
 * - Full cover: "all damage that would have impacted the target is instead applied to the cover material
 *   with any damage not absorbed by the material's TUF or HP passed through to the target." What passes
 *   it has no sixes left to aim with and meets any further partial layer as cover damage (INFERENCE).
 * - Partial cover, shields and armour: the sixes split ({@link splitBySixes}); damage from fives "is
 *   applied to the cover material first, and passed on to the target only if resisted damage exceeds the
 *   material's TUF or if unresisted damage exceeds the material's HP". Stacking: see
 *   {@link DamageLayerOptions.stacking}.
 * - At each layer one attack is one application per type (§11.2 #11); a resisted type loses the layer's
 *   TUF and what passes may change type ("s ⇒ c").
 * - Body: a biological absorbs crushing with its TUF; HP floor 0 (§11.2 #33).
 * - "a biological actor will also bind 1EX each time they take an amount of damage higher than their TUF
 *   in a single blow"; with Pain Tolerance, "higher than TUF + allocated dice" ({@link exFromInjury}).
 * - "When an actor's HP is reduced below 1, they receive the Moribund condition" and "If an unconscious
 *   actor with zero HP takes additional damage, they regain the Moribund condition" ({@link hpAfterDamage}).
 *
 * Worked: sniper behind a tree, four 6s and a 5 vs 4S at 4(b)/SM: 4 direct, the tree (wood TUF 3, b)
 * passes 1 -> 5(b) (TV-35). Jaye's mail (TUF 4, `s ⇒ c, p`) against 6(s) with a five in the threshold:
 * 4 absorbed, 2(c) to her TUF 2 -> 0 HP (TV-36). A crossbow's single 6 for 3(p) bypasses the mail: 3 HP
 * and 1 EX (TV-37).
 */
export function resolveDamage(
  incoming: IncomingDamage,
  layers: readonly ProtectiveLayer[],
  body: BodyLayer,
  options: DamageLayerOptions = {},
): DamageResolution {
  const start = initialShares(incoming, options);
  let direct = start.direct;
  let cover = start.cover;
  const incomingTotal = totalDamage(direct) + totalDamage(cover);
  const reports: LayerReport[] = [];
  let partialSeen = false;
  for (const layer of layers) {
    if (layer.kind === "fullCover") {
      const report = applyLayer(layer, mergeByType([...direct, ...cover]), []);
      reports.push(report);
      direct = [];
      cover = report.passed;
      continue;
    }
    if (options.sixesAgainst?.includes(layer.kind)) {
      const past = mergeByType([...direct, ...cover]);
      reports.push(applyLayer(layer, [], past));
      direct = past;
      cover = [];
      partialSeen = true;
      continue;
    }
    if (partialSeen && options.stacking === "outermostOnly") {
      cover = mergeByType([...cover, ...direct]);
      direct = [];
    }
    const report = applyLayer(
      layer,
      cover,
      direct.map((a) => ({ ...a })),
    );
    reports.push(report);
    cover = report.passed;
    partialSeen = true;
  }
  const bodyReport = applyBody(body, mergeByType([...direct, ...cover]));
  const exBasis = options.exBasis === "incoming" ? incomingTotal : bodyReport.damageTaken;
  const hp = hpAfterDamage(body.hp, bodyReport.damageTaken);
  return {
    hit: start.hit,
    incomingTotal,
    layers: reports,
    body: bodyReport,
    hpLost: bodyReport.hpLost,
    exToBind: exFromInjury({
      kind: body.kind,
      tuf: body.tuf,
      damage: exBasis,
      painTolerance: body.painTolerance ?? 0,
    }),
    moribund: body.kind !== "object" && hp.moribund,
    destroyed: body.kind === "object" && bodyReport.damageTaken > 0 && hp.hp === 0,
  };
}

function applyBody(body: BodyLayer, incoming: DamageApplication[]): BodyReport {
  const own = resistanceOf(body.resistance);
  const resists =
    body.kind === "biological" ? [...new Set([...own.resists, BIOLOGICAL_RESISTANCE])] : own.resists;
  let absorbed = 0;
  let damageTaken = 0;
  for (const application of incoming) {
    const taken = resists.includes(application.type)
      ? Math.min(application.amount, Math.max(0, body.tuf))
      : 0;
    absorbed += taken;
    damageTaken += application.amount - taken;
  }
  const hpAfter = hpAfterDamage(body.hp, damageTaken).hp;
  return {
    kind: body.kind,
    incoming,
    absorbed,
    damageTaken,
    hpBefore: body.hp,
    hpAfter,
    hpLost: body.hp - hpAfter,
  };
}

// ---------------------------------------------------------------------------------------------
// Injury: EX, HP, Moribund, survival
// ---------------------------------------------------------------------------------------------

/** The situation for {@link exFromInjury}. */
export interface InjuryInput {
  kind: BodyLayer["kind"];
  tuf: number;
  /** The damage of the blow, as compared (see `DamageLayerOptions.exBasis`; default: damage taken). */
  damage: number;
  /** Dice allocated to Pain Tolerance. */
  painTolerance?: number;
}

/**
 * EX bound by one blow ("Injury, Damage, & Death"): "Unless otherwise stated, a biological actor will also
 * bind 1EX each time they take an amount of damage higher than their TUF in a single blow." Pain Tolerance:
 * "1AD is EX-bound only if the amount of damage taken is higher than TUF + allocated dice". Only
 * biologicals. Jaye, TUF 2, 3 damage: 1 EX (TV-37); TUF 2 with Pain Tolerance 1, 3 damage: none (TV-C28).
 */
export function exFromInjury(input: InjuryInput): number {
  if (input.kind !== "biological") return 0;
  return input.damage > input.tuf + Math.max(0, input.painTolerance ?? 0) ? 1 : 0;
}

/**
 * HP after damage, floored at 0 ("HP is still zero", §11.2 #33), and whether the actor is Moribund: "When
 * an actor's HP is reduced below 1, they receive the Moribund condition" and "If an unconscious actor with
 * zero HP takes additional damage, they regain the Moribund condition". So any damage taken that leaves
 * the actor below 1 HP gives Moribund; no damage changes nothing (`moribund` is then `false`: keep the
 * current state).
 */
export function hpAfterDamage(
  hp: number,
  damageTaken: number,
): { hp: number; hpLost: number; moribund: boolean } {
  const taken = Math.max(0, damageTaken);
  const after = Math.max(0, hp - taken);
  return { hp: after, hpLost: Math.max(0, hp - after), moribund: taken > 0 && after < 1 };
}

/** The outcome of a survival roll. */
export type SurvivalOutcome = "recovers" | "survives" | "dies";

/**
 * The survival roll's outcome ("Survival Roll Outcomes"): "6 - TUF: Actor is no longer Moribund, but HP is
 * still zero and they remain Unconscious; 1+: Actor survives the turn, but is still moribund; 0: Actor
 * dies". The best matching result wins where the bands overlap (§11.2 #31): at TUF 5 one success
 * recovers; read literally, a TUF of 6 or more (beyond the rated scale) recovers even on 0 successes.
 * TUF 2 (TV-40): 4 -> recovers, 1..3 -> survives, 0 -> dies.
 */
export function survivalOutcome(successes: number, tuf: number): "recovers" | "survives" | "dies" {
  if (successes >= 6 - tuf) return "recovers";
  return successes >= 1 ? "survives" : "dies";
}

/**
 * The survival roll's pool ("Survival Roll"): "roll TUF + all available AD + any applicable capabilities"
 * (Healthy Immunity, Heightened Metabolism, Physical Conditioning: their allocated dice, summed by the caller).
 */
export function survivalPool(tuf: number, availableAd: number, capabilityDice = 0): number {
  return Math.max(0, tuf) + Math.max(0, availableAd) + Math.max(0, capabilityDice);
}
