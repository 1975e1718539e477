/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Skills tab (each skill's
 * default chain and pool, as a tree by root default).
 */
import {
  ATTRIBUTE_KEYS,
  abilityAllocation,
  defaultChain,
  formatSkillRef,
  normalizeKey,
  sameSkill,
  skillAllocation,
  type SkillDefault,
  type SkillRef,
} from "../../rules";
import type { SkillSource } from "../../data/convert";
import type { PoolPart } from "../../base/pool-view";
import {
  type ActorSheetInput,
  type PoolSummary,
  ROOT,
  attributeAbbr,
  bool,
  byName,
  poolFor,
  signed,
  skillActorOf,
  skillItemRef,
  str,
  summarisePool,
  testForbidden,
  itemsIn,
} from "./common";
import { pluralKey } from "../../../../core/i18n-logic";

interface SkillRowBase {
  id: string;
  name: string;
  img: string;
  ref: string;
  allocated: number;
  difficulty: number;
  tec: string;
  fromSpecies: boolean;
  chain: { label: string; dice: number; allocated: boolean; root: boolean }[];
  pool: PoolSummary;
  unallocated: boolean;
  /** Dice the unallocated skills of the chain take away (0 or less). */
  penalty: number;
  penaltyText: string;
  forbidden: string | null;
  rootKey: string;
  rootLabel: string;
  parentId: string | null;
}
export type SkillRow = SkillRowBase & { depth: number; indent: string; hasChildren: boolean };

function rootOf(def: SkillDefault): string {
  if (def.kind === "attribute") return `attribute:${def.attribute}`;
  if (def.kind === "ability") return `ability:${normalizeKey(def.ability)}`;
  return "unresolved";
}

export function skillRows(input: ActorSheetInput): SkillRowBase[] {
  const { system, localize } = input;
  const actor = skillActorOf(system);
  const forbidden = testForbidden(system, localize);
  const skillItems = itemsIn(input, "skills");
  const refs = new Map(skillItems.map((i) => [i.id, skillItemRef(i)]));

  return skillItems.map((item): SkillRowBase => {
    const s = item.system as SkillSource;
    const ref = refs.get(item.id)!;
    const raw = poolFor(input.world, system, { skill: ref });
    const pool = summarisePool(raw, localize);
    const chainResult = defaultChain(actor, system.skillCatalog, ref);
    const chain: SkillRowBase["chain"] = [];
    let rootKey = "unresolved";
    let rootLabel = localize(`${ROOT}.Skills.Unresolved`);
    if (chainResult.ok) {
      for (const node of chainResult.value.skills) {
        const dice = skillAllocation(actor, node.ref);
        chain.push({ label: formatSkillRef(node.ref), dice, allocated: dice > 0, root: false });
      }
      const root = chainResult.value.root;
      rootKey = rootOf(root);
      if (root.kind === "attribute") {
        rootLabel = localize(attributeAbbr(root.attribute));
        chain.push({ label: rootLabel, dice: system.effective[root.attribute], allocated: true, root: true });
      } else if (root.kind === "ability") {
        const ability = system.abilities.find((a) => normalizeKey(a.key) === normalizeKey(root.ability));
        const abilityItem = input.items.find(
          (i) =>
            i.type === "verses-ability" &&
            (normalizeKey(str(i.system.key)) === normalizeKey(root.ability) ||
              normalizeKey(i.name) === normalizeKey(root.ability)),
        );
        rootLabel = abilityItem?.name ?? ability?.key ?? root.ability;
        const dice = abilityAllocation(actor, root.ability);
        chain.push({ label: rootLabel, dice, allocated: dice > 0, root: true });
      }
    } else {
      chain.push({ label: ref, dice: s.allocated, allocated: s.allocated > 0, root: false });
    }
    const penalty = raw.parts.filter(isDifficultyPart).reduce((sum, p) => sum + p.dice, 0);
    // The owned skill this one defaults to (the tree's parent).
    let parentId: string | null = null;
    if (s.default.kind === "skill" && s.default.skill) {
      const target: SkillRef = s.default.spec
        ? { skill: s.default.skill, spec: s.default.spec }
        : { skill: s.default.skill };
      const wildcard = target.spec === "*";
      const parent = skillItems.find((other) => {
        if (other.id === item.id) return false;
        const otherRef = refs.get(other.id)!;
        if (wildcard)
          return (
            normalizeKey((other.system as SkillSource).skill || other.name) === normalizeKey(target.skill)
          );
        return sameSkill(otherRef, target);
      });
      parentId = parent?.id ?? null;
    }
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      ref,
      allocated: s.allocated,
      difficulty: s.difficulty,
      tec: s.tec === "general" ? localize(`${ROOT}.Skills.General`) : String(s.tec),
      fromSpecies: bool(s.fromSpecies),
      chain,
      pool,
      unallocated: s.allocated < 1,
      penalty,
      penaltyText:
        s.allocated < 1
          ? localize(pluralKey(`${ROOT}.Skills.Penalty`, Math.abs(penalty)), { dice: signed(penalty) })
          : "",
      forbidden,
      rootKey,
      rootLabel,
      parentId,
    };
  });
}

function isDifficultyPart(part: PoolPart | undefined): boolean {
  return part?.label === "POLYVERSE.Verses.Pool.Difficulty";
}

/** Groups by root default (SMR, PRW, TUF, SOC, then abilities, then unresolved chains), each a tree. */
export function skillTree(rows: readonly SkillRowBase[]) {
  const order = (key: string): number => {
    const a = ATTRIBUTE_KEYS.findIndex((k) => key === `attribute:${k}`);
    if (a >= 0) return a;
    return key === "unresolved" ? 99 : 10;
  };
  const groups = new Map<string, { key: string; label: string; rows: SkillRow[] }>();
  const keys = [...new Set(rows.map((r) => r.rootKey))].sort((a, b) => {
    const d = order(a) - order(b);
    if (d !== 0) return d;
    const la = rows.find((r) => r.rootKey === a)!.rootLabel;
    const lb = rows.find((r) => r.rootKey === b)!.rootLabel;
    return la.localeCompare(lb);
  });
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string, SkillRowBase[]>();
  for (const r of rows) {
    if (r.parentId && ids.has(r.parentId)) {
      const list = children.get(r.parentId) ?? [];
      list.push(r);
      children.set(r.parentId, list);
    }
  }
  for (const key of keys) {
    const inGroup = rows.filter((r) => r.rootKey === key);
    const group = { key, label: inGroup[0]!.rootLabel, rows: [] as SkillRow[] };
    const seen = new Set<string>();
    const visit = (row: SkillRowBase, depth: number) => {
      if (seen.has(row.id)) return;
      seen.add(row.id);
      const kids = (children.get(row.id) ?? []).filter((k) => k.rootKey === key).sort(byName);
      group.rows.push({ ...row, depth, indent: `--depth: ${depth}`, hasChildren: kids.length > 0 });
      for (const k of kids) visit(k, depth + 1);
    };
    const tops = inGroup
      .filter(
        (r) => !r.parentId || !ids.has(r.parentId) || rows.find((p) => p.id === r.parentId)!.rootKey !== key,
      )
      .sort(byName);
    for (const r of tops) visit(r, 0);
    // A loop of defaults has no top: show what is left flat.
    for (const r of [...inGroup].sort(byName)) visit(r, 0);
    groups.set(key, group);
  }
  return [...groups.values()];
}
