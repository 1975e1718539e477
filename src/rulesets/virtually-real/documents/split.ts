/**
 * A split Combination in Foundry (split-logic.ts): the PC's part is an ordinary check through the
 * dialog (its card, its XP marks, its usual critical failures), the NPC's is the GM's roll of the
 * NPC's skill or attribute at -1 die, and a card adds the two and reads the sum against the DL. The
 * user rolls the NPC's part, so owns the NPC (a GM does: "the GM rolls for the NPC").
 */
import { ownsActor } from "../../../core/actor-lookup";
import { localize } from "../../../core/i18n";
import { rollCheck } from "../rolls";
import { checkActor } from "../rolls/check-actor";
import type { AttributeKey } from "../rules";
import { postPlayCard } from "./play-card";
import { vrLiving, type AnyActor, type Message } from "./shared";
import {
  SPLIT,
  npcSplitPart,
  splitCard,
  splitOutcome,
  type SplitOutcome,
  type SplitSide,
} from "./split-logic";

export interface SplitCombinationOptions {
  /** The PC's part: a skill (item, id, name or rules reference) or an attribute check. */
  skill?: Item.Implementation | string;
  attribute?: AttributeKey;
  /** The NPC's part: a skill (id, name or rules reference) or an attribute (default Aura). */
  npcSkill?: string;
  npcAttribute?: AttributeKey;
  /** The DL the sum is read against (the Combo column); none: the card shows the sum. */
  dl?: number;
  skipDialog?: boolean;
}

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications?.warn(localize(key, data));
  return null;
};

/**
 * Roll a split Combination of `pc` and `npc`. Null when refused (not two Virtually Real actors, an
 * NPC this user does not own, an NPC part it cannot roll) or when a roll was cancelled.
 */
export async function rollSplitCombination(
  pc: AnyActor,
  npc: AnyActor,
  options: SplitCombinationOptions = {},
): Promise<({ message: Message | null } & SplitOutcome) | null> {
  const a = vrLiving(pc);
  const b = vrLiving(npc);
  const user = game.user;
  if (!a || !b || a === b) return warn(`${SPLIT}.Problem.TwoActors`);
  if (!user || !ownsActor(b, user)) return warn(`${SPLIT}.Problem.NpcOwner`, { name: b.name ?? "" });
  const dl = Number.isInteger(options.dl) ? options.dl! : null;
  const part = npcSplitPart(checkActor(b), {
    skill: options.npcSkill ?? null,
    attribute: options.npcAttribute ?? null,
  });
  if (!part.ok) return warn(part.key, part.data);
  const skip = options.skipDialog ? { skipDialog: true } : {};
  const pcRolled = await rollCheck(a, {
    ...(options.skill !== undefined ? { skill: options.skill } : { kind: "attribute" as const }),
    ...(options.attribute ? { attribute: options.attribute } : {}),
    label: localize(`${SPLIT}.Label.Pc`, { name: a.name ?? "" }),
    extra: { split: "pc" },
    ...skip,
  });
  if (!pcRolled) return null;
  const npcRolled = await rollCheck(b, {
    kind: part.prepared.kind,
    ...(part.skillId ? { skill: part.skillId } : {}),
    attribute: part.attribute,
    prepared: part.prepared,
    label: localize(`${SPLIT}.Label.Npc`, { name: b.name ?? "" }),
    extra: { split: "npc" },
    ...skip,
  });
  if (!npcRolled) return null;
  const side = (actor: AnyActor, r: { total: number; critical: boolean }): SplitSide => ({
    uuid: actor.uuid,
    name: actor.name ?? "",
    total: r.total,
    critical: r.critical,
  });
  const pcSide = side(a, pcRolled.result);
  const npcSide = side(b, npcRolled.result);
  const out = splitOutcome(pcSide, npcSide, dl);
  const message = await postPlayCard(splitCard(pcSide, npcSide, dl, out));
  return { message, ...out };
}
