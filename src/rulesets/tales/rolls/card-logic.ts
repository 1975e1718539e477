/**
 * The Tales test card's view, Foundry-free: what `templates/tales/chat/test.hbs` shows for a roll
 * (its options and dice) and, on a `tales-test` card, what came after it. Every text is localised
 * here, so the template only prints (and escapes) strings.
 *
 * - the test ("Physical + Melee"), the values at the actor's wound level, the modifiers;
 * - the dice: the player's (the one used marked, a Clumsy 2 marked as a 1, dice replaced by a
 *   re-roll struck through), the difficulty dice, the gating dice, Edge dice;
 * - the total against the difficulty ("Static 8", "Dynamic 6 + [4] = 10", "against Bob: 11");
 * - the result with its automatic reason (a 1, the celestines' favour on a 6 against a 1, Essence)
 *   and the degree when the `degreesOfSuccess` setting was on;
 * - the buttons the test offers (test-state-logic.ts `testOffers`).
 * Connection and time-commitment rolls are drawn by `countedView` (counted-card-logic.ts).
 */
import { effectiveTestFace, type TestResult } from "../rules";
import { countedView } from "./counted-card-logic";
import type { TalesTestCard } from "./messages-logic";
import type { RollPart, TalesAttackOptions, TalesTestOptions } from "./roll-logic";
import {
  NO_OFFERS,
  automaticReason,
  testOffers,
  testState,
  type ReadRoll,
  type TestActorNow,
  type TestState,
} from "./test-state-logic";

export type Localize = (key: string, data?: Record<string, string>) => string;

const KEY = "POLYVERSE.Tales.Roll";
const T = "POLYVERSE.Tales";

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** The test's name: "Physical + Melee", "Mental + Drive (Motorbikes)", "Spiritual". */
export function testLabel(
  o: Pick<TalesTestOptions, "attribute" | "skill" | "specialisation">,
  localize: Localize,
): string {
  const attribute = localize(`${T}.Attribute.${o.attribute}`);
  if (!o.skill) return attribute;
  const skill = localize(`${T}.Skill.${o.skill}`);
  const named = o.specialisation ? localize(`${KEY}.Specialised`, { skill, name: o.specialisation }) : skill;
  return `${attribute} + ${named}`;
}

const partView = (p: RollPart, localize: Localize) => ({
  label: localize(p.label, p.data),
  amount: signed(p.value),
});

interface DieView {
  face: number;
  css: string;
  title: string;
}

function playerDice(state: TestState, localize: Localize): DieView[] {
  const clumsy = state.options.clumsy;
  return state.faces.map((face, i) => {
    const used = i === state.chosen;
    const css = [used ? "kept" : "unused"];
    let title = localize(`${KEY}.Die.${used ? "Kept" : "Unused"}`);
    if (effectiveTestFace(face, clumsy) === 1) {
      css.push("one");
      if (face === 2) title = `${title}: ${localize(`${KEY}.Die.ClumsyTwo`)}`;
    } else if (face === 6) css.push("six");
    return { face, css: css.join(" "), title, clumsy: face === 2 && clumsy };
  });
}

const plainDice = (faces: readonly number[], keptFace: number | null, localize: Localize): DieView[] => {
  let marked = false;
  return faces.map((face) => {
    const kept = !marked && face === keptFace;
    if (kept) marked = true;
    return {
      face,
      css: kept || faces.length === 1 ? "kept" : "unused",
      title: localize(`${KEY}.Die.${kept || faces.length === 1 ? "Counts" : "Unused"}`),
    };
  });
};

/** The target the total is held against: "Static 8", "Dynamic 6 + [4] = 10", "against Bob: 11". */
export function targetText(state: TestState, localize: Localize, opponentName: string): string {
  const o = state.options;
  if (o.kind === "static") return localize(`${KEY}.Target.Static`, { n: String(o.difficulty) });
  if (o.kind === "dynamic") {
    const die = state.difficultyFace ?? 0;
    return localize(`${KEY}.Target.Dynamic`, {
      n: String(o.difficulty),
      die: String(die),
      total: String(o.difficulty + die),
    });
  }
  if (state.opponentFace === null || state.opponentBonus === null)
    return localize(`${KEY}.Target.Waiting`, { name: opponentName });
  const total = String(state.opponentBonus + state.opponentFace);
  return o.opponent
    ? localize(`${KEY}.Target.Opponent`, { name: opponentName, total })
    : localize(`${KEY}.Target.Number`, {
        n: String(state.opponentBonus),
        die: String(state.opponentFace),
        total,
      });
}

/** The result's words: "Success", "Significant success" (degrees on), "Tie: roll again". */
export function resultText(
  result: TestResult,
  options: Pick<TalesTestOptions, "degrees" | "tieRule">,
  localize: Localize,
) {
  if (result.reroll) return { tone: "tie", text: localize(`${KEY}.Outcome.Reroll`) };
  if (result.tie && !result.success && options.tieRule === "statusQuo")
    return { tone: "tie", text: localize(`${KEY}.Outcome.StatusQuo`) };
  const tone = result.success ? "success" : "failure";
  if (!options.degrees)
    return { tone, text: localize(`${KEY}.Outcome.${result.success ? "Success" : "Failure"}`) };
  return { tone: `${tone} ${result.degree}`, text: localize(`${KEY}.Outcome.${result.outcome}`) };
}

/** Labels of the buttons, with the names they need. */
function buttonsView(offers: typeof NO_OFFERS, state: TestState, opponentName: string, localize: Localize) {
  return {
    essence: offers.essence ? localize(`${KEY}.Button.Essence`) : "",
    edge: offers.edge ? localize(`${KEY}.Button.Edge`) : "",
    lucky: offers.lucky ? localize(`${KEY}.Button.Lucky`) : "",
    eliteTools: offers.eliteTools ? localize(`${KEY}.Button.EliteTools`) : "",
    choose: offers.choose.map((index) => ({
      index,
      text: localize(`${KEY}.Button.Choose`, { face: String(state.faces[index] ?? "") }),
    })),
    opponentRoll: offers.opponentRoll ? localize(`${KEY}.Button.OpponentRoll`, { name: opponentName }) : "",
    opponentEssence: offers.opponentEssence
      ? localize(`${KEY}.Button.OpponentEssence`, { name: opponentName })
      : "",
  };
}

/** The card's context options. */
export interface TestCardViewOptions {
  localize: Localize;
  flavor?: string | undefined;
  isPrivate?: boolean | undefined;
  card?: TalesTestCard | null;
  /** The actor and the opponent now, for the buttons (null: none offered). */
  actor?: TestActorNow | null;
  opponent?: TestActorNow | null;
  /** Changes waiting for the GM, by the names of their documents. */
  pendingGM?: string[];
}

function testView(
  read: ReadRoll & { options: TalesTestOptions },
  options: TestCardViewOptions,
  common: object,
) {
  const { localize } = options;
  const card = options.card ?? null;
  const o = read.options;
  const label = testLabel(o, localize);
  if (options.isPrivate) return { ...common, invalid: false, isPrivate: true, label };
  const state = testState(o, read.faces, card);
  if (!state) return { ...common, invalid: true, label: localize(`${KEY}.Invalid`) };
  const opponentName = o.opponent?.name ?? "";
  const r = state.result;
  const offers = card ? testOffers(state, card, options.actor ?? null, options.opponent ?? null) : NO_OFFERS;
  const buttons = buttonsView(offers, state, opponentName, localize);
  const reason = card ? automaticReason(state, card) : null;
  const rerolls = card?.rerolls ?? [];
  const replaced = [state.dice.player, ...rerolls.slice(0, -1).map((x) => x.faces)];
  const total = r ? r.total : state.bonus + (state.faces[state.chosen] ?? 0);
  const opp = card?.opponentRoll ?? null;
  return {
    ...common,
    invalid: false,
    isPrivate: false,
    kind: o.kind,
    label,
    values: [
      { label: localize(`${T}.Attribute.${o.attribute}`), value: String(o.attributeValue) },
      ...(o.skill
        ? [
            {
              label: o.specialisation || localize(`${T}.Skill.${o.skill}`),
              value: String(o.skillValue),
            },
          ]
        : []),
    ],
    wound:
      o.wound === "healthy" ? "" : localize(`${KEY}.AtWound`, { wound: localize(`${T}.Wound.${o.wound}`) }),
    modifiers: o.modifiers.map((p) => partView(p, localize)),
    bonus: localize(`${KEY}.Bonus`, { n: String(state.bonus) }),
    kindText: localize(`${KEY}.Kind.${o.kind}`),
    dice: playerDice(state, localize),
    rerolled: rerolls.length
      ? {
          label: localize(`${KEY}.Rerolled`, {
            by: rerolls.map((x) => localize(`${KEY}.RerollBy.${x.by}`)).join(", "),
          }),
          faces: replaced.flat(),
        }
      : null,
    difficultyDice:
      o.kind === "dynamic" ? plainDice(state.dice.difficulty, state.difficultyFace, localize) : [],
    opponentDice:
      o.kind === "opposed" && !o.opponent ? plainDice(state.dice.opponent, state.opponentFace, localize) : [],
    gate: o.reserve
      ? {
          label: localize(`${KEY}.Gate.${o.reserve.pool}`, { n: String(o.reserve.points) }),
          dice: state.dice.gate.map((face) => ({
            face,
            css: face >= 4 ? "kept" : "unused",
            title: localize(`${KEY}.Die.${face >= 4 ? "GateOpen" : "GateShut"}`),
          })),
          bonus: localize(`${KEY}.Gate.Bonus`, { n: signed(state.gateBonus) }),
        }
      : null,
    edgeDice: state.edgeDice.map((face) => ({
      face,
      css: face === 6 ? "kept six" : "kept",
      title: localize(`${KEY}.Die.Edge`),
    })),
    boost: o.boost > 0 && o.boostPool ? localize(`${KEY}.Boost.${o.boostPool}`, { n: String(o.boost) }) : "",
    opponentLine:
      o.opponent && opp
        ? localize(`${KEY}.OpponentRolled`, {
            name: opponentName,
            test: testLabel(
              { attribute: o.opponent.attribute, skill: o.opponent.skill, specialisation: "" },
              localize,
            ),
            bonus: String(opp.bonus),
            faces: opp.faces.join(", "),
            total: String(state.opponentBonus! + state.opponentFace!),
          })
        : o.opponent
          ? localize(`${KEY}.OpponentRolls`, {
              name: opponentName,
              test: testLabel(
                { attribute: o.opponent.attribute, skill: o.opponent.skill, specialisation: "" },
                localize,
              ),
            })
          : "",
    totalLine: localize(`${KEY}.Total`, {
      total: String(total),
      target: targetText(state, localize, opponentName),
    }),
    outcome: r ? resultText(r, o, localize) : null,
    reason: reason ? localize(`${KEY}.Reason.${reason}`, { name: opponentName }) : "",
    margin: r && !r.reroll ? localize(`${KEY}.Margin`, { n: signed(r.margin) }) : "",
    essenceSpent: card?.essence ? localize(`${KEY}.EssenceSpent`) : "",
    opponentEssenceSpent: opp?.essence ? localize(`${KEY}.OpponentEssenceSpent`, { name: opponentName }) : "",
    buttons,
    hasButtons:
      offers.essence ||
      offers.edge ||
      offers.lucky ||
      offers.eliteTools ||
      offers.choose.length > 0 ||
      offers.opponentRoll ||
      offers.opponentEssence,
  };
}

const ATTACK = "POLYVERSE.Tales.Combat.AttackRoll";

/**
 * An attack's die drawn on its own (the `tales-attack` card draws it otherwise, whenever it can): the
 * weapon and the test, the bonus with its parts, the die and the total the defence then meets.
 */
function attackRollView(o: TalesAttackOptions, face: number, localize: Localize) {
  const one = effectiveTestFace(face, o.clumsy) === 1;
  const parts = [
    `${localize(`${T}.Attribute.${o.attribute}`)} ${o.attributeValue}`,
    `${localize(`${T}.Skill.${o.skill}`)} ${o.skillValue}`,
    ...o.modifiers.map((p) => `${localize(p.label, p.data)} ${signed(p.value)}`),
  ];
  return {
    label: localize(`${ATTACK}.Label`, {
      weapon: o.weapon,
      test: testLabel({ ...o, specialisation: "" }, localize),
    }),
    setup: localize(`${ATTACK}.Setup`, { parts: parts.join(" · "), bonus: String(o.bonus) }),
    note:
      o.wound === "healthy" ? "" : localize(`${KEY}.AtWound`, { wound: localize(`${T}.Wound.${o.wound}`) }),
    dice: [
      {
        face,
        css: one ? "kept one" : face === 6 ? "kept six" : "kept",
        title: localize(`${KEY}.Die.${one && face === 2 ? "ClumsyTwo" : "Kept"}`),
      },
    ],
    result: localize(`${ATTACK}.Total`, { total: String(o.bonus + face) }),
    tone: "",
    outcome: localize(`${ATTACK}.Defence`),
  };
}

/** The card's context, localised. `card` is the `tales-test` card's state (absent for a bare roll). */
export function testCardView(read: ReadRoll | null, options: TestCardViewOptions) {
  const { localize } = options;
  const common = {
    flavor: options.flavor ?? "",
    actorName: options.card?.actorName ?? "",
    pendingGM: options.pendingGM?.length
      ? localize(`${KEY}.PendingGM`, { names: options.pendingGM.join(", ") })
      : "",
  };
  if (!read) return { ...common, invalid: true, label: localize(`${KEY}.Invalid`) };
  const o = read.options;
  if (o.type === "test") return testView({ ...read, options: o }, options, common);
  const counted =
    o.type === "attack"
      ? attackRollView(o, read.faces[0]?.[0] ?? 1, localize)
      : countedView(o, read.faces[0] ?? [], localize);
  if (options.isPrivate) return { ...common, invalid: false, isPrivate: true, label: counted.label };
  return { ...common, invalid: false, isPrivate: false, kind: o.type, counted, label: counted.label };
}

export type TestCardView = ReturnType<typeof testCardView>;
