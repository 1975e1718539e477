/**
 * The `tales-care` card without Foundry: a medic's stabilisation test, a medic's care test, or an
 * unconscious victim's hold-on roll. Its state (`system.card`), its shape (refused by the model when
 * broken), the outcome worked out again from its inputs and dice, the document changes it makes, and
 * the check the GM holds a player's card to (`careCardProblem`: the card's numbers against the
 * documents, its pending changes against what its roll justifies).
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { canonicalJSON } from "../../../core/ledger-logic";
import { flagPath } from "../../../core/flags";
import { CARE_SUCCEEDED_FLAG, CARE_TIME_FLAG } from "../base/change-policy";
import { WOUND_LEVELS, type TestDynamicTieRule, type WoundLevel } from "../rules";
import {
  careTest,
  holdOnPlan,
  stabiliseTest,
  type CareOutcome,
  type CarePools,
  type HoldOnOutcome,
  type StabiliseOutcome,
} from "./health-logic";

export const CARE_CARD = { type: "tales-care", flag: "talesCare" } as const;
/** The GM request that applies what a player's care card leaves for the GM (`{ messageId }`). */
export const CARE_APPLY = "tales.care.apply";
export const CARE_ACTIONS = {
  apply: "tales.care.apply",
  restoreHp: "tales.care.restoreHp",
  restoreEssence: "tales.care.restoreEssence",
} as const;
export const CARE_KEY = "POLYVERSE.Tales.Health";

export const CARE_KINDS = ["stabilise", "care", "holdOn"] as const;
export type CareKind = (typeof CARE_KINDS)[number];

/** Where the actor keeps its care and hold-on marks (flags in the Tales namespace). */
export const CARE_PATHS = {
  unstable: "system.health.unstable",
  comaDays: "system.health.comaDays",
  hp: "system.hp.value",
  essence: "system.essence.value",
  /** World time of the last care test on the patient (one a healing cycle). */
  careTime: CARE_TIME_FLAG,
  /** Whether that test succeeded (the patient's next healing roll may use two dice). */
  careSucceeded: CARE_SUCCEEDED_FLAG,
  /** The fight the victim last rolled to hold on in ("" outside one). */
  holdOn: flagPath("tales", "holdOn"),
  /** The victim is unstable because the K/O made them so (documents/instability.ts). */
  koUnstable: flagPath("tales", "koUnstable"),
} as const;

/** The flag keys of {@link CARE_PATHS}, for reading. */
export const CARE_FLAGS = {
  careTime: "careTime",
  careSucceeded: "careSucceeded",
  holdOn: "holdOn",
  koUnstable: "koUnstable",
} as const;

export interface CareRef {
  actorUuid: string;
  name: string;
}

/** A care card's state. */
export interface CareCard {
  kind: CareKind;
  /** Who tends the patient; null for the hold-on roll (the victim's own). */
  medic: CareRef | null;
  patient: CareRef;
  /** The medic's Mental + Medicine at their wound level; the victim's Spiritual for the hold-on roll. */
  bonus: number;
  /** The patient's wound level when rolled. */
  level: WoundLevel;
  /** A hospital's equipment, 0..3 off the care test's difficulty. */
  hospital: number;
  /** Willing to spend an Essence point on a 6 that falls short. */
  spendEssence: boolean;
  /** The die; for the hold-on roll, the die and the difficulty's die. */
  faces: number[];
  /** The hold-on roll's tie rule (the dynamicTieRule setting when rolled). */
  tieRule: TestDynamicTieRule;
  /** The patient's pools when tended (care); null otherwise. */
  pools: CarePools | null;
  /** World time of the test (seconds): the care test's cycle starts there. */
  worldTime: number;
  /** The fight the hold-on roll was made in ("" outside one). */
  fight: string;
  /** The Raconteur restored a whole pool after a spectacular care test. */
  restored: "hp" | "essence" | null;
}

/** What a card's dice came to, by kind. */
export type CareResult =
  | ({ kind: "stabilise" } & StabiliseOutcome)
  | ({ kind: "care" } & CareOutcome)
  | ({ kind: "holdOn" } & HoldOnOutcome);

const LIVING_WOUNDS = WOUND_LEVELS.filter((w) => w !== "healthy" && w !== "dead");

/** Why a card's state is not a care card's (empty when it is one). */
export function careCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be a record"];
  const ref = (v: unknown, what: string) => {
    if (!isCardRecord(v)) return p.check(false, `${what} must be a record`);
    p.text(v.actorUuid, `${what}.actorUuid`);
    p.text(v.name, `${what}.name`);
  };
  p.oneOf(card.kind, CARE_KINDS, "kind");
  if (card.kind === "holdOn") p.check(card.medic === null, "a hold-on roll has no medic");
  else ref(card.medic, "medic");
  ref(card.patient, "patient");
  p.whole(card.bonus, "bonus", 0, 40);
  p.oneOf(card.level, card.kind === "holdOn" ? ["ko"] : LIVING_WOUNDS, "level");
  p.whole(card.hospital, "hospital", 0, card.kind === "care" ? 3 : 0);
  p.check(typeof card.spendEssence === "boolean", "spendEssence must be true or false");
  const dice = card.kind === "holdOn" ? 2 : 1;
  p.entries(card.faces, "faces", dice, (f, i) => p.whole(f, `faces[${i}]`, 1, 6));
  p.check(Array.isArray(card.faces) && card.faces.length === dice, `faces must hold ${dice}`);
  p.oneOf(card.tieRule, ["succeeds", "fails"], "tieRule");
  if (card.kind === "care") {
    const pools = card.pools;
    if (!isCardRecord(pools)) p.check(false, "pools must be a record");
    else for (const k of ["hp", "maxHp", "essence", "maxEssence"]) p.whole(pools[k], `pools.${k}`, 0, 100);
  } else p.check(card.pools === null, "only a care test keeps the pools");
  p.whole(card.worldTime, "worldTime", 0, Number.MAX_SAFE_INTEGER);
  p.text(card.fight, "fight");
  p.oneOf(card.restored, ["hp", "essence", null], "restored");
  p.check(card.restored === null || card.kind === "care", "only a care test restores a pool");
  return p.list;
}

/** The outcome of a card, worked out from its inputs and dice (null for a card that cannot be read). */
export function careResult(card: CareCard): CareResult | null {
  if (careCardProblems(card).length) return null;
  const [face = 1, difficultyFace = 1] = card.faces;
  switch (card.kind) {
    case "stabilise":
      return {
        kind: "stabilise",
        ...stabiliseTest({
          bonus: card.bonus,
          patientLevel: card.level,
          face,
          spendEssence: card.spendEssence,
        }),
      };
    case "care":
      return {
        kind: "care",
        ...careTest({
          bonus: card.bonus,
          patientLevel: card.level,
          pools: card.pools!,
          hospital: card.hospital,
          face,
          spendEssence: card.spendEssence,
        }),
      };
    case "holdOn":
      return {
        kind: "holdOn",
        ...holdOnPlan({
          spiritual: card.bonus,
          face,
          difficultyFace,
          spendEssence: card.spendEssence,
          tieRule: card.tieRule,
        }),
      };
  }
}

/**
 * What a card changes: the Essence its roller spent (the medic's, or the victim's), and on the patient
 * the wound stabilised, the care's points (never past the maxima the card read) with the cycle's
 * marks, or the hold-on roll's mark and its coma.
 */
export function careChanges(card: CareCard, result: CareResult): DocumentChange[] {
  const roller = card.medic ?? card.patient;
  const patient = { uuid: card.patient.actorUuid, name: card.patient.name };
  const changes: DocumentChange[] = [];
  const spend = (): DocumentChange => ({
    uuid: roller.actorUuid,
    name: roller.name,
    add: [{ path: CARE_PATHS.essence, delta: -1, min: 0 }],
  });
  if (result.essenceSpent && result.kind !== "holdOn") changes.push(spend());
  switch (result.kind) {
    case "stabilise":
      if (result.success) changes.push({ ...patient, set: { [CARE_PATHS.unstable]: false } });
      break;
    case "care": {
      const pools = card.pools!;
      const add = [
        ...(result.gain.hp ? [{ path: CARE_PATHS.hp, delta: result.gain.hp, max: pools.maxHp }] : []),
        ...(result.gain.essence
          ? [{ path: CARE_PATHS.essence, delta: result.gain.essence, max: pools.maxEssence }]
          : []),
      ];
      changes.push({
        ...patient,
        set: { [CARE_PATHS.careTime]: card.worldTime, [CARE_PATHS.careSucceeded]: result.success },
        ...(add.length ? { add } : {}),
      });
      break;
    }
    case "holdOn": {
      const change: DocumentChange = {
        ...patient,
        set: {
          [CARE_PATHS.holdOn]: card.fight,
          ...(result.success ? {} : { [CARE_PATHS.comaDays]: result.comaDays }),
        },
      };
      if (result.essenceSpent) change.add = [{ path: CARE_PATHS.essence, delta: -1, min: 0 }];
      changes.push(change);
      break;
    }
  }
  return changes;
}

/** A change as the GM compares it (its id left out). */
const comparable = (change: unknown): string => {
  if (!isCardRecord(change)) return canonicalJSON(change);
  const { id: _id, ...rest } = change;
  return canonicalJSON(rest);
};

/** What the documents say now, for {@link careCardProblem}. */
export interface CareDocuments {
  /** The faces the message's rolls show, in order. */
  rolled: readonly number[];
  /** The card's author owns the roller (the medic, or the victim of a hold-on roll). */
  authorOwnsRoller: boolean;
  /** The roller's bonus now (Mental + Medicine at their wound level, the victim's Spiritual); null: cannot act. */
  bonus: number | null;
  /** The patient now. */
  patient: { level: WoundLevel; unstable: boolean; pools: CarePools } | null;
  /** World time now (seconds). */
  worldTime: number;
}

/** How far a care card's world time may lie behind the GM's (seconds): the roll was just made. */
export const CARE_TIME_SLACK = 3600;

const RELAY = `${CARE_KEY}.Relay`;

/**
 * Why a player's care card may not be acted on (an i18n key), or null: its dice are the message's, its
 * roller is its author's, its bonus, the patient's level (and, for care, pools and the time) agree with
 * the documents, and each change it leaves for the GM is one its roll makes.
 */
export function careCardProblem(
  card: CareCard,
  pending: readonly unknown[],
  docs: CareDocuments,
): string | null {
  const result = careResult(card);
  if (!result) return `${RELAY}.Unreadable`;
  if (docs.rolled.join() !== card.faces.join()) return "POLYVERSE.Relay.CardChanged";
  if (!docs.authorOwnsRoller) return `${RELAY}.NotYourRoller`;
  if (docs.bonus === null || docs.bonus !== card.bonus) return `${RELAY}.Mismatch`;
  const patient = docs.patient;
  if (!patient || patient.level !== card.level) return `${RELAY}.Mismatch`;
  if (card.kind === "stabilise" && !patient.unstable) return `${RELAY}.Mismatch`;
  const self = card.medic?.actorUuid === card.patient.actorUuid;
  if (card.kind === "care") {
    if (!self && canonicalJSON(patient.pools) !== canonicalJSON(card.pools)) return `${RELAY}.Mismatch`;
    if (card.worldTime > docs.worldTime || card.worldTime < docs.worldTime - CARE_TIME_SLACK)
      return `${RELAY}.Mismatch`;
  }
  const expected = careChanges(card, result).map(comparable);
  for (const change of pending) {
    const i = expected.indexOf(comparable(change));
    if (i < 0) return `${RELAY}.Unjustified`;
    expected.splice(i, 1);
  }
  return null;
}

/** The parts of a card that never change after the roll (the GM's restoration aside). */
export const stableCareCard = (card: CareCard): Omit<CareCard, "restored"> => {
  const { restored: _restored, ...rest } = card;
  return rest;
};
