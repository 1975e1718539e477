/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Influence contests: Charm and Intimidation against the target's resistance.
 */
import { adStateOf } from "../../base/ad-logic";
import {
  abilityDiceFor,
  conditionDiceBreakdown,
  influenceCondition,
  influencePool,
  influenceResistPool,
  resolveInfluence,
  sortSixesFirst,
  type ActionId,
  type AttributeKey,
  type ContestOutcome,
  type InfluenceKind,
  type InfluenceOptions,
  type InfluenceOutcome,
} from "../../rules";
import type { PoolAddOn } from "../../data/pools";
import type { PoolPart } from "../../base/pool-view";
import {
  AD_LABEL,
  ATTRIBUTE_ABBR,
  CONDITION_NAME,
  EFFECTS_LABEL,
  INFLUENCE_REQUEST,
  INFLUENCE_TITLE,
  bonusParts,
  metabolismDice,
  metabolismParts,
  line,
  poolFor,
  refuse,
  side,
  spendChange,
  sum,
  type CardLine,
  type CommonChoice,
  type LivingState,
  type Planned,
  type PoolWorld,
  type RollPlan,
  type SpecialResult,
} from "./common";
// ---- Influence -------------------------------------------------------------------------------

/** The second attribute of an Influence pool: SMR for Charm, TUF for Intimidation. */
const influenceAttribute = (kind: InfluenceKind): AttributeKey => (kind === "charm" ? "smr" : "tuf");

/**
 * A pool of two attributes, SOC and `second`: `assemblePool` for SOC, then what the second attribute
 * adds (its dice, its effects, the conditions and ability dice that count for it and not already for
 * SOC). A condition on both counts once, as `conditionDiceBreakdown` counts it for a test of both.
 */
function socPairPool(
  s: LivingState,
  second: AttributeKey,
  request: {
    action: ActionId;
    ad: number;
    fastAction: boolean;
    resistingCharm?: boolean;
    resisting?: boolean;
    world?: PoolWorld | undefined;
    bonus?: number | undefined;
    addOns?: readonly string[] | undefined;
    metabolismUsed?: number | undefined;
  },
): { parts: PoolPart[]; addOns: PoolAddOn[] } {
  const base = poolFor(
    s,
    {
      attribute: "soc",
      action: request.action,
      fastAction: request.fastAction,
      ad: 0,
      resisting: request.resisting,
      // SOC's pool, with the second attribute rolled beside it: an add-on does not bring it again.
      alsoRolled: [second],
    },
    { world: request.world, ...(request.addOns ? { addOns: request.addOns } : {}) },
  );
  const parts: PoolPart[] = [...base.parts];
  parts.splice(1, 0, { label: ATTRIBUTE_ABBR(second), dice: s.effective[second] });
  const effects = s.modifiers.dice[second];
  if (effects !== 0) {
    const existing = parts.findIndex((p) => p.label === EFFECTS_LABEL);
    if (existing >= 0) parts[existing] = { ...parts[existing]!, dice: parts[existing]!.dice + effects };
    else parts.push({ label: EFFECTS_LABEL, dice: effects });
  }
  const context = { actorKind: s.kind, ...(request.resistingCharm ? { resistingCharm: true } : {}) };
  const socOnly = conditionDiceBreakdown(s.conditions, { actorKind: s.kind, attributes: ["soc"] });
  for (const l of conditionDiceBreakdown(s.conditions, { ...context, attributes: ["soc", second] })) {
    const counted = socOnly.find((o) => o.condition === l.condition)?.dice ?? 0;
    if (l.dice !== counted) parts.push({ label: CONDITION_NAME(l.condition), dice: l.dice - counted });
  }
  const have = new Set(parts.map((p) => p.label));
  for (const c of abilityDiceFor(
    { action: request.action, attributes: ["soc", second], fastAction: request.fastAction },
    s.abilities,
  )) {
    if (c.use === "add" && !c.optional && !have.has(c.label)) parts.push({ label: c.label, dice: c.dice });
  }
  parts.push(...bonusParts(request.bonus, request.world));
  parts.push(...metabolismParts(request));
  if (request.ad > 0) parts.push({ label: AD_LABEL, dice: request.ad });
  // The skill add-ons the roller may leave out (Charm & Persuasion, Acting, Oration ...).
  return { parts, addOns: base.addOns };
}

/**
 * The influencer's pool for Charm (`SOC + SMR`) or Intimidation (`SOC + TUF`) before AD: the two
 * attributes with the conditions, effects and ability dice that count for them (what the sheet shows).
 */
export function influencePoolParts(s: LivingState, kind: InfluenceKind, world?: PoolWorld): PoolPart[] {
  return socPairPool(s, influenceAttribute(kind), { action: kind, ad: 0, fastAction: false, world }).parts;
}

export interface InfluenceChoice extends CommonChoice {
  ad?: number;
  fastAction?: boolean;
  /** The target is already an enemy: Charm does not work on it. */
  enemy?: boolean;
}

interface InfluencePlan {
  kind: InfluenceKind;
  influencer: RollPlan;
  resist: RollPlan;
}

/**
 * Charm `SOC + SMR + #AD -> SOC + SMR` or Intimidation `SOC + TUF + #AD -> SOC + TUF`
 * (`influencePool`, `influenceResistPool`). The target resists with the same capabilities and no AD;
 * an Intoxicated target at levels 1-2 resists Charm with a die less. TV-C07: SOC 2 + SMR 2 + 3AD = 7d6
 * against SOC 2 + SMR 2 = 4d6.
 */
export function planInfluence(
  influencer: LivingState,
  target: LivingState,
  kind: InfluenceKind,
  choice: InfluenceChoice = {},
): Planned<InfluencePlan> {
  if (kind === "charm" && choice.enemy) return refuse("POLYVERSE.Verses.Tests.Reason.CharmEnemy");
  const second = influenceAttribute(kind);
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > influencer.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: influencer.adAvailable });
  const fastAction = choice.fastAction ?? false;
  const { parts: mine, addOns } = socPairPool(influencer, second, {
    action: kind,
    ad,
    fastAction,
    world: choice.world,
    bonus: choice.bonus,
    addOns: choice.addOns,
    metabolismUsed: choice.metabolismUsed,
  });
  // Heightened Metabolism's dice stand "in place of action dice" for the test's 1AD.
  const adLike = ad + metabolismDice(choice);
  const pool = influencePool({
    soc: influencer.effective.soc,
    second: influencer.effective[second],
    adSpent: adLike,
    capabilityDice: sum(mine) - influencer.effective.soc - influencer.effective[second] - adLike,
  });
  if (!pool.ok) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const { parts: theirs } = socPairPool(target, second, {
    action: kind,
    ad: 0,
    fastAction,
    resistingCharm: kind === "charm",
    resisting: true,
    world: choice.world,
  });
  const resist = influenceResistPool({
    soc: target.effective.soc,
    second: target.effective[second],
    capabilityDice: sum(theirs) - target.effective.soc - target.effective[second],
  });
  const title = INFLUENCE_TITLE[kind];
  return {
    ok: true,
    value: {
      kind,
      influencer: {
        pool: pool.value,
        adBefore: adStateOf(influencer),
        addOns,
        roll: { target: 1, parts: mine, label: title, kind: "influence", ad },
      },
      resist: {
        pool: resist,
        roll: {
          target: 0,
          parts: theirs,
          label: "POLYVERSE.Verses.Tests.Influence.Resist",
          kind: "influence",
        },
      },
    },
  };
}

/**
 * Resolve the contest (`resolveInfluence`): the target's successes remove the influencer's sixes
 * first; the condition (Charmed, Afraid) applies for SM rounds when the sixes rule allows.
 * TV-C07: 6,6,5 against 1 success: net 6,5, no Charmed. TV-C08: 6,6,6 against 1: Charmed 2 rounds.
 * TV-C09: 6,6 against 0: Afraid 2 rounds.
 */
export function resolveInfluenceRoll(
  plan: InfluencePlan,
  influencerFaces: readonly number[],
  targetFaces: readonly number[],
  docs: { influencer: { uuid: string; name: string }; target: { uuid: string; name: string } },
  options: InfluenceOptions = {},
  fastAction = false,
): SpecialResult & { influence: InfluenceOutcome } {
  const out = resolveInfluence(influencerFaces, targetFaces, options);
  const condition = influenceCondition(plan.kind);
  const changes = spendChange(
    docs.influencer,
    plan.influencer.adBefore,
    plan.influencer.roll.ad ?? 0,
    fastAction,
  );
  const lines: CardLine[] = [line("POLYVERSE.Verses.Tests.Influence.Net", netData(out.contest))];
  if (out.conditionApplies) {
    changes.push({
      uuid: docs.target.uuid,
      name: docs.target.name,
      statuses: [{ id: condition, active: true, sourceId: docs.influencer.uuid, rounds: out.rounds }],
    });
    lines.push(
      line("POLYVERSE.Verses.Tests.Influence.Condition", {
        target: docs.target.name,
        condition: CONDITION_NAME(condition),
        rounds: out.rounds,
      }),
    );
    lines.push(line(INFLUENCE_REQUEST[plan.kind]));
  } else if (out.won)
    lines.push(
      line("POLYVERSE.Verses.Tests.Influence.NotAllSixes", { condition: CONDITION_NAME(condition) }),
    );
  else lines.push(line("POLYVERSE.Verses.Tests.Influence.Resisted", { target: docs.target.name }));
  return {
    influence: out,
    changes,
    card: {
      kind: "influence",
      title: line(INFLUENCE_TITLE[plan.kind]),
      sides: [
        side(docs.influencer.name, plan.influencer.roll, influencerFaces),
        side(docs.target.name, plan.resist.roll, targetFaces),
      ],
      net: sortSixesFirst(out.contest.remaining),
      outcome: out.conditionApplies ? "success" : out.won ? "neutral" : "failure",
      headline: out.won
        ? line("POLYVERSE.Verses.Tests.Influence.Won", { margin: out.contest.margin })
        : line("POLYVERSE.Verses.Tests.Influence.Lost"),
      lines,
    },
  };
}

function netData(c: ContestOutcome): Record<string, number> {
  return { successes: c.successes, sixes: c.sixes, fives: c.fives, cancelled: c.cancelled };
}
