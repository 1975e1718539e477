/**
 * The two Tales rolls that count dice, as the `tales-test` card shows them, Foundry-free: a
 * connection roll (one die per level against the connection's difficulty: each die that meets it is
 * a success; Allies' 1s never count) and a time-commitment roll (one die per level: any face at or
 * below the task's band interrupts). The numbers are the rules layer's (`connectionSuccesses`,
 * `connectionSpeed`, `resolveTimeCommitment`).
 */
import { CONNECTION_TABLES, connectionSpeed, resolveConnectionRoll, resolveTimeCommitment } from "../rules";
import type { TalesCommitmentOptions, TalesConnectionOptions } from "./roll-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

const KEY = "POLYVERSE.Tales.Roll";

/** What a connection's successes buy, as a line of the card. */
function connectionOutcome(o: TalesConnectionOptions, successes: number, localize: Localize): string {
  const n = String(successes);
  switch (CONNECTION_TABLES[o.connection].outcome) {
    case "allies":
      return localize(`${KEY}.Connection.Allies`, { n });
    case "resourcePoints":
      return localize(`${KEY}.Connection.Resources`, { n });
    case "socialDifficulty":
      return localize(`${KEY}.Connection.Fame`, { n });
    default: {
      const { speed, extra } = connectionSpeed(successes);
      if (!speed) return localize(`${KEY}.Connection.Nothing`);
      const pace = localize(`${KEY}.Connection.Speed.${speed}`);
      return extra
        ? localize(`${KEY}.Connection.SpeedExtra`, { pace, n: String(extra) })
        : localize(`${KEY}.Connection.SpeedOnly`, { pace });
    }
  }
}

/** A connection or time-commitment roll's lines. */
export function countedView(
  o: TalesConnectionOptions | TalesCommitmentOptions,
  faces: readonly number[],
  localize: Localize,
) {
  if (o.type === "connection") {
    const roll = resolveConnectionRoll({
      dice: faces,
      difficulty: o.difficulty,
      onesNeverSucceed: o.onesNeverSucceed,
    });
    return {
      label: localize(`${KEY}.Connection.Label`, {
        name: localize(`POLYVERSE.Tales.Connection.${o.connection}`),
        n: String(o.level),
      }),
      setup: localize(`${KEY}.Connection.Setup`, { dice: String(o.dice), n: String(o.difficulty) }),
      note: o.onesNeverSucceed ? localize(`${KEY}.Connection.OnesNever`) : "",
      dice: faces.map((face, i) => ({
        face,
        css: roll.met[i] ? "kept" : "unused",
        title: localize(`${KEY}.Die.${roll.met[i] ? "Met" : "NotMet"}`),
      })),
      result:
        roll.successes === 1
          ? localize(`${KEY}.Connection.Success`)
          : localize(`${KEY}.Connection.Successes`, { n: String(roll.successes) }),
      tone: roll.successes > 0 ? "success" : "failure",
      outcome: connectionOutcome(o, roll.successes, localize),
    };
  }
  const roll = resolveTimeCommitment(o.level, o.length, faces);
  return {
    label: localize(`${KEY}.Commitment.Label`, { n: String(o.level) }),
    setup: localize(`${KEY}.Commitment.Setup`, {
      length: localize(`${KEY}.Commitment.Length.${o.length}`),
      band: String(roll.band),
    }),
    note: "",
    dice: faces.map((face) => ({
      face,
      css: face <= roll.band ? "one" : "kept",
      title: localize(`${KEY}.Die.${face <= roll.band ? "Interrupts" : "Clear"}`),
    })),
    result: localize(`${KEY}.Commitment.${roll.interrupted ? "Interrupted" : "Clear"}`),
    tone: roll.interrupted ? "failure" : "success",
    outcome: "",
  };
}
