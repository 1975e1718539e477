/**
 * What a Maelstrom character's sheet and rolls read besides the stored data, Foundry-free: the
 * health track (the `woundPenalties` setting, a box more with Huge Size) with each box's mark, the
 * wound penalty, incapacitation and death, broken Willpower and lift.
 */
import {
  boxesOf,
  fitHealth,
  DEFAULT_WOUND_PENALTIES,
  healthSummary,
  healthTrack,
  liftFor,
  parseWoundPenalties,
  type BoxMark,
  type HealthBox,
  type HealthState,
  type HealthSummary,
} from "../rules";

/** One box as the sheet draws it. */
export interface TrackBox extends HealthBox {
  mark: BoxMark;
}

export interface LivingDerived {
  health: HealthSummary & { track: TrackBox[] };
  /** Zero Willpower, not yet resolved by a turn out of combat: "considered incapacitated". */
  willpowerBroken: boolean;
  lift: number;
}

/** The track's penalties from the setting's text; the default for a text it cannot read. */
export function trackPenalties(text: string): readonly number[] {
  const parsed = parseWoundPenalties(text);
  return parsed.ok ? parsed.value : DEFAULT_WOUND_PENALTIES;
}

/** The boxes of a character's track. */
export function trackFor(penaltiesText: string, hugeSize: boolean): HealthBox[] {
  return healthTrack({ penalties: trackPenalties(penaltiesText), hugeSize });
}

/** The derived values of a character from its stored data, the setting and its merits. */
export function deriveLiving(
  source: {
    health: HealthState;
    willpower: { value: number; rallied: boolean };
    attributes: { strength: number };
  },
  { woundPenalties, hugeSize }: { woundPenalties: string; hugeSize: boolean },
): LivingDerived {
  const track = trackFor(woundPenalties, hugeSize);
  // A track made shorter by the setting or a lost merit shows what fits; the data is kept.
  const marks = boxesOf(fitHealth(source.health, track.length), track.length);
  return {
    health: {
      ...healthSummary(source.health, track),
      track: track.map((box, i) => ({ ...box, mark: marks[i] ?? "empty" })),
    },
    willpowerBroken: source.willpower.value === 0 && !source.willpower.rallied,
    lift: liftFor(Math.max(0, Math.min(5, source.attributes.strength))),
  };
}
