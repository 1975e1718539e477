/**
 * The Integrity save that follows Bonus XP put into Darkness: "roll an Integrity save against the
 * total number of Bonus XP you put into Darkness as the save DL. Any failure is something like
 * impostor syndrome, and a critical failure when you already have a G critical condition results in
 * becoming an NPC" (rules `darknessBonusOutcome`). Rolled as the Guilt target's save (the character's
 * Culture - Integrity skill, its wounds and armors applying) through the rolls folder; a critical
 * failure is a critical result or a failure by 10 or more (the Experience table's critical band). The
 * outcome is a card line; becoming an NPC is the GM's to carry out (a light point buys the table's
 * original result).
 */
import { localize } from "../../../core/i18n";
import { darknessBonusOutcome } from "../rules";
import { livingSystem } from "../data/systems";
import { rollIntegritySave } from "./checks";
import { postPlayCard } from "./play-card";
import { PLAY, type AnyActor, type Message } from "./shared";

/** Roll the save and post what it means; null when it was not rolled. */
export async function rollDarknessSave(
  actor: AnyActor,
  dl: number,
  choice: { event?: Event; skipDialog?: boolean } = {},
): Promise<Message | null> {
  const rolled = await rollIntegritySave(actor, dl, {
    flavor: localize(`${PLAY}.Bonus.SaveFlavor`, { dl: String(dl) }),
    ...(choice.event ? { event: choice.event } : {}),
    ...(choice.skipDialog ? { skipDialog: true } : {}),
    purpose: "darknessBonus",
  });
  if (!rolled) return null;
  const { result } = rolled;
  const guiltCritical = livingSystem(actor).conditions.some((c) => c.id === "guiltRush");
  const outcome = darknessBonusOutcome({
    success: result.success === true,
    criticalFailure: result.critical || (result.margin ?? 0) <= -10,
    guiltCritical,
  });
  return postPlayCard(
    {
      kind: "bonus",
      number: 0,
      title: { key: `${PLAY}.Card.DarknessSave.Title`, data: { name: actor.name, dl } },
      lines: [{ key: `POLYVERSE.VirtuallyReal.Character.DarknessBonusOutcome.${outcome}` }],
      rows: [],
    },
    actor,
  );
}
