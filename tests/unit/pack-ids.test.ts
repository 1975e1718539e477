import { describe, expect, it } from "vitest";
import { packId, packUuid } from "../../scripts/lib/ids.mjs";

describe("deterministic pack ids", () => {
  it("are 16 letters or digits, stable, and differ by pack and key", () => {
    const id = packId("verses-weapons", "Longsword");
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(packId("verses-weapons", "Longsword")).toBe(id);
    expect(packId("verses-weapons", "Rapier")).not.toBe(id);
    expect(packId("verses-armour", "Longsword")).not.toBe(id);
    expect(packUuid("verses-weapons", "Item", "Longsword")).toBe(
      `Compendium.polyverse.verses-weapons.Item.${id}`,
    );
  });
});
