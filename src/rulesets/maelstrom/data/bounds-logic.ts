/**
 * The bounds Maelstrom sets on stored data that no single field can check, Foundry-free: the data
 * models' `validateJoint` refuses what breaks them with these messages.
 */
type Source = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Source | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Source) : undefined;

/** What in a (possibly partial) source breaks a cross-field bound, one message per problem. */
export function maelstromJointProblems(type: string, source: Source): string[] {
  const problems: string[] = [];
  if (type === "maelstrom-character" || type === "maelstrom-npc") {
    const wp = obj(source.willpower);
    const value = num(wp?.value);
    const max = num(wp?.max);
    if (value !== undefined && max !== undefined && value > max)
      problems.push(
        `willpower.value (${value}) may not exceed willpower.max (${max}): "A character's current rank can never exceed their permanent rank".`,
      );
  }
  if (type === "maelstrom-weapon") {
    const capacity = obj(source.capacity);
    const holds = (num(capacity?.magazine) ?? 0) + (num(capacity?.chamber) ?? 0);
    const loaded = num(source.loaded);
    if (capacity && loaded !== undefined && loaded > holds)
      problems.push(
        `loaded (${loaded}) may not exceed the weapon's capacity (${holds}: magazine and chamber).`,
      );
  }
  return problems;
}
