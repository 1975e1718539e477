// The GM relay's pure rules (issue #11): request shapes, payload checks, the change allow-list,
// the ledger's digest, an attack operation's fields, a card's impossible dice, and a tied
// initiative number derived from the stored dice.
import { describe, expect, it } from "vitest";
import { checkChange, updateData, type ChangePolicy } from "../../src/core/changes-logic";
import {
  canonicalJSON,
  digest,
  pendingKey,
  readEntry,
  subjectOf,
  toPrune,
} from "../../src/core/ledger-logic";
import {
  HandledIds,
  MAX_PAYLOAD_CHARS,
  RelayRefusal,
  SerialQueue,
  readReplies,
  readRequests,
} from "../../src/core/relay-logic";
import {
  impossibleCard,
  parseAttackOp,
  stableCard,
  validFaces,
  weaponMismatch,
} from "../../src/rulesets/verses/attack/card-trust-logic";
import { VERSES_CHANGE_POLICY } from "../../src/rulesets/verses/base/change-policy";
import { acceptTiedInitiative } from "../../src/rulesets/verses/combat/combat-logic";
import { initiativeValue } from "../../src/rulesets/verses/rules";

const changes = (relay: unknown) => ({ flags: { polyverse: { relay } } });
const known = (t: string) => t === "verses.attackOp";

describe("requests as a User document update carries them", () => {
  it("a well-formed request is read; deletions are not requests; bad ids are not answerable", () => {
    const { requests, malformed } = readRequests(
      changes({
        abcdefghijklmnop: { type: "verses.attackOp", payload: { op: "take" } },
        "-=abcdefghijklmnoq": null,
        short: { type: "verses.attackOp", payload: {} },
      }),
      "polyverse",
      known,
    );
    expect(requests).toEqual([{ rid: "abcdefghijklmnop", type: "verses.attackOp", payload: { op: "take" } }]);
    expect(malformed).toEqual([]);
  });

  it("unknown types, non-object payloads, arrays and payloads over the size limit are malformed", () => {
    const big = { x: "y".repeat(MAX_PAYLOAD_CHARS) };
    const { requests, malformed } = readRequests(
      changes({
        aaaaaaaaaaaaaaa1: { type: "core.setRole", payload: {} },
        aaaaaaaaaaaaaaa2: { type: "verses.attackOp", payload: [1] },
        aaaaaaaaaaaaaaa3: { type: "verses.attackOp", payload: big },
        aaaaaaaaaaaaaaa4: "run this",
      }),
      "polyverse",
      known,
    );
    expect(requests).toEqual([]);
    expect(malformed.map((m) => m.rid)).toEqual([
      "aaaaaaaaaaaaaaa1",
      "aaaaaaaaaaaaaaa2",
      "aaaaaaaaaaaaaaa3",
      "aaaaaaaaaaaaaaa4",
    ]);
  });

  it("replies are read with their reason; a reply's data becomes strings", () => {
    const replies = readReplies(
      {
        flags: {
          polyverse: { relayReply: { abcdefghijklmnop: { ok: false, reason: "K", data: { n: 3 } } } },
        },
      },
      "polyverse",
    );
    expect(replies).toEqual([
      { rid: "abcdefghijklmnop", reply: { ok: false, reason: "K", data: { n: "3" } } },
    ]);
  });

  it("a replayed id is refused; the queue runs tasks one at a time, in order", async () => {
    const ids = new HandledIds(2);
    expect(ids.add("a")).toBe(true);
    expect(ids.add("a")).toBe(false);
    const queue = new SerialQueue();
    const order: string[] = [];
    const slow = queue.run(async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push("first");
    });
    const fast = queue.run(async () => void order.push("second"));
    await Promise.all([slow, fast]);
    expect(order).toEqual(["first", "second"]);
  });
});

describe("attack operations, checked field by field", () => {
  const card = { targets: [{}, {}] } as never;
  const refused = (payload: Record<string, unknown>) => {
    try {
      parseAttackOp({ messageId: "m", ...payload }, card);
      return null;
    } catch (error) {
      return error instanceof RelayRefusal ? error.key : String(error);
    }
  };

  it("a known operation on a row that exists is read", () => {
    expect(parseAttackOp({ messageId: "m", op: "apply", index: 1, choice: 0 }, card)).toEqual({
      op: "apply",
      index: 1,
      choice: 0,
    });
    expect(parseAttackOp({ messageId: "m", op: "chained" }, card)).toEqual({ op: "chained" });
  });

  it("rows outside the card, fractions, unknown operations, extra fields and bad ids are refused", () => {
    for (const p of [
      { op: "take", index: 2 },
      { op: "take", index: -1 },
      { op: "take", index: 0.5 },
      { op: "take", index: "0" },
      { op: "setHp", index: 0 },
      { op: "take", index: 0, hp: 0 },
      { op: "defend", index: 0, defenceMessageId: "../../etc" },
      { op: "apply", index: 0, choice: 1e9 },
    ])
      expect(refused(p), JSON.stringify(p)).toBe("POLYVERSE.Relay.Malformed");
  });
});

describe("what the ledger compares", () => {
  it("canonical JSON ignores key order; the digest changes with any rolled value", () => {
    expect(canonicalJSON({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    expect(digest({ faces: [6, 5] })).toBe(digest({ faces: [6, 5] }));
    expect(digest({ faces: [6, 5] })).not.toBe(digest({ faces: [6, 6] }));
  });

  it("a card's stable part leaves out what its buttons record, and keeps its dice and targets", () => {
    const base = {
      faces: [6, 1],
      chained: false,
      targets: [
        { actorUuid: "Actor.a", defence: null, taken: false, damage: null, applied: null, riposted: false },
      ],
    };
    const acted = {
      ...base,
      chained: true,
      targets: [{ ...base.targets[0]!, taken: true, applied: { x: 1 }, riposted: true }],
    };
    expect(digest(stableCard(acted as never))).toBe(digest(stableCard(base as never)));
    expect(digest(stableCard({ ...base, faces: [6, 6] } as never))).not.toBe(
      digest(stableCard(base as never)),
    );
    const added = { ...base, targets: [...base.targets, { ...base.targets[0]!, actorUuid: "Actor.b" }] };
    expect(digest(stableCard(added as never))).not.toBe(digest(stableCard(base as never)));
  });

  it("entries are read for shape; the oldest are pruned first; an item's subject is its actor", () => {
    expect(readEntry({ a: "u", s: ["Actor.x"], d: "0", t: 1, done: ["apply:0", 3], p: [] })).toEqual({
      a: "u",
      s: ["Actor.x"],
      d: "0",
      t: 1,
      done: ["apply:0"],
      p: [],
    });
    expect(readEntry({ a: 1 })).toBeNull();
    expect(toPrune({ m1: { a: "u", s: [], d: "", t: 5 }, m2: { a: "u", s: [], d: "", t: 1 } }, 2)).toEqual([
      "m2",
    ]);
    expect(subjectOf("Actor.x.Item.y")).toBe("Actor.x");
    expect(pendingKey({ id: "p1" })).toMatch(/^p1:[0-9a-f]{16}$/);
  });
});

describe("the 'Verses allow-list for a card's pending changes", () => {
  const policy: ChangePolicy = VERSES_CHANGE_POLICY;
  const heal = {
    uuid: "Actor.p",
    name: "Phon",
    add: [{ path: "system.hp.value", delta: 2, min: 0, max: 10 }],
  };

  it("healing, and conditions on or off with their source among the card's subjects, are allowed", () => {
    expect(checkChange(heal, policy)).toBeNull();
    const charm = {
      uuid: "Actor.p",
      name: "Phon",
      statuses: [{ id: "charmed", active: true, sourceId: "Actor.s", rounds: 3 }],
    };
    expect(checkChange(charm, policy, ["Actor.s"])).toBeNull();
    expect(checkChange(charm, policy, [])?.key).toBe("POLYVERSE.Relay.StatusRefused");
  });

  it("values set, losses of HP, other paths, unknown statuses, long durations and extra keys are refused", () => {
    expect(checkChange({ ...heal, add: undefined, set: { "system.hp.value": 0 } }, policy)?.key).toBe(
      "POLYVERSE.Relay.PathRefused",
    );
    expect(checkChange({ ...heal, add: [{ path: "system.hp.value", delta: -5 }] }, policy)?.key).toBe(
      "POLYVERSE.Relay.NumberRefused",
    );
    expect(checkChange({ ...heal, add: [{ path: "ownership.x", delta: 3 }] }, policy)?.key).toBe(
      "POLYVERSE.Relay.PathRefused",
    );
    expect(checkChange({ ...heal, add: [{ path: "system.hp.value", delta: Infinity }] }, policy)?.key).toBe(
      "POLYVERSE.Relay.Malformed",
    );
    expect(
      checkChange({ uuid: "Actor.p", name: "P", statuses: [{ id: "godmode", active: true }] }, policy)?.key,
    ).toBe("POLYVERSE.Relay.StatusRefused");
    expect(
      checkChange(
        { uuid: "Actor.p", name: "P", statuses: [{ id: "afraid", active: true, rounds: 1e6 }] },
        policy,
      )?.key,
    ).toBe("POLYVERSE.Relay.NumberRefused");
    expect(checkChange({ ...heal, role: 4 }, policy)?.key).toBe("POLYVERSE.Relay.Malformed");
    expect(checkChange("delete everything", policy)?.key).toBe("POLYVERSE.Relay.Malformed");
  });
});

describe("impossible attack cards and weapons that disagree", () => {
  it("only d6 faces are dice", () => {
    expect(validFaces([6, 5, 1])).toBe(true);
    for (const bad of [[7], [0], [2.5], ["6"], "666", Array(1001).fill(6)])
      expect(validFaces(bad)).toBe(false);
    expect(impossibleCard({ faces: [6, 7], targets: [] } as never)).toBe("POLYVERSE.Relay.Malformed");
  });

  it("the card's damage must be the item's mode's (its thrown damage when thrown), from the attacker's own item", () => {
    const card = {
      attacker: { actorUuid: "Actor.r" },
      weapon: { itemUuid: "Actor.r.Item.d", damage: "1(p)", area: "", thrown: true },
    } as never;
    const mode = { actorUuid: "Actor.r", damage: "1(s) or 1(p)", thrownDamage: "1(p)" };
    expect(weaponMismatch(card, mode)).toBeNull();
    expect(weaponMismatch(card, { ...mode, thrownDamage: "" })).toBe("POLYVERSE.Relay.WeaponMismatch");
    expect(weaponMismatch(card, { ...mode, actorUuid: "Actor.other" })).toBe(
      "POLYVERSE.Relay.WeaponMismatch",
    );
    expect(weaponMismatch(card, null)).toBe("POLYVERSE.Relay.WeaponMismatch");
  });
});

describe("a tie relayed by a player: 'If the numbers match at each level ... the tied actors re-roll'", () => {
  const tied = { faces: [6, 5, 4, 3, 2], rerolls: [], taSpent: 0, taPlaces: 0 };
  const base = initiativeValue([6, 5, 4, 3, 2]);

  it("the tied combatant's number is its own dice's value plus the re-roll's fraction", () => {
    const accepted = acceptTiedInitiative([2, 3, 4, 5, 6], tied, {
      initiative: base + 2 / 3,
      record: { ...tied, rerolls: [[6, 6, 6, 6, 6]] },
    });
    expect(accepted?.initiative).toBe(base + 2 / 3);
  });

  it("no tie, changed dice, no re-roll, 7s, or a number outside the fraction: refused", () => {
    const reroll = { ...tied, rerolls: [[6, 6, 6, 6, 6]] };
    expect(acceptTiedInitiative([6, 6], tied, { initiative: base, record: reroll })).toBeNull();
    expect(
      acceptTiedInitiative([6, 5, 4, 3, 2], tied, {
        initiative: base,
        record: { ...reroll, faces: [6, 6, 6, 6, 6] },
      }),
    ).toBeNull();
    expect(acceptTiedInitiative([6, 5, 4, 3, 2], tied, { initiative: base, record: tied })).toBeNull();
    expect(
      acceptTiedInitiative([6, 5, 4, 3, 2], tied, {
        initiative: base,
        record: { ...tied, rerolls: [[7, 7]] },
      }),
    ).toBeNull();
    expect(acceptTiedInitiative([6, 5, 4, 3, 2], tied, { initiative: base + 5, record: reroll })).toBeNull();
    expect(acceptTiedInitiative([6, 5, 4, 3, 2], tied, { initiative: -1, record: reroll })).toBeNull();
  });
});

describe("a delta's clamps only shorten the change", () => {
  const apply = (current: number, d: { delta: number; min?: number; max?: number }) =>
    updateData({ uuid: "Actor.a", name: "A", add: [{ path: "system.hp", ...d }] }, () => current)[
      "system.hp"
    ];
  it("a forged clamp cannot carry the value past the delta the policy allowed", () => {
    expect(apply(3, { delta: -1, min: 100 })).toBe(3);
    expect(apply(3, { delta: 1, max: -50 })).toBe(3);
    expect(apply(3, { delta: 1, min: 100 })).toBe(4);
  });
  it("the clamps the rulesets use still hold a value at 0 or at its maximum", () => {
    expect(apply(2, { delta: -5, min: 0 })).toBe(0);
    expect(apply(8, { delta: 5, max: 10 })).toBe(10);
    expect(apply(4, { delta: -1, min: 0 })).toBe(3);
  });
});
