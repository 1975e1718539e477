// The combat tracker's Actions… dialog context (combat/more-dialog-logic.ts): the actions offered
// and which inputs each uses. Rising costs "(5 - PRW) AD" and leaving cover nothing, so neither
// shows the AD or the Await's trigger; only an Await takes "a trigger" and its declared actions.
import { describe, expect, it } from "vitest";
import {
  MORE_INPUTS,
  moreActions,
  moreDialogContext,
} from "../../src/rulesets/verses/combat/more-dialog-logic";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}(${Object.values(data).join(",")})` : key;

describe("the tracker's Actions… dialog", () => {
  it("offers rising only to a Prone actor; leaving cover always", () => {
    expect(moreActions(false)).toEqual(["dodge", "parry", "await", "watch", "leaveCover"]);
    expect(moreActions(true)).toEqual(["dodge", "parry", "await", "watch", "rise", "leaveCover"]);
  });

  it("starts on the first action, showing the AD input but no trigger; the hint names the AD unspent", () => {
    const c = moreDialogContext({ adAvailable: 5, prone: false }, localize);
    expect(c.actions[0]).toMatchObject({ value: "dodge", selected: true, usesAd: true, usesTrigger: false });
    expect(c.showAd).toBe(true);
    expect(c.showTrigger).toBe(false);
    expect(c.adHint).toBe("POLYVERSE.Verses.Combat.More.ADHint(5)");
  });

  it("Leave cover and Rise use neither AD nor trigger; Await uses both", () => {
    const leave = moreDialogContext({ adAvailable: 3, prone: true, selected: "leaveCover" }, localize);
    expect(leave.showAd).toBe(false);
    expect(leave.showTrigger).toBe(false);
    expect(leave.actions.find((a) => a.value === "leaveCover")).toMatchObject({
      selected: true,
      usesAd: false,
    });
    expect(MORE_INPUTS.rise).toEqual({ ad: false, trigger: false });
    const wait = moreDialogContext({ adAvailable: 3, prone: false, selected: "await" }, localize);
    expect(wait).toMatchObject({ showAd: true, showTrigger: true });
    // Rising is not offered to someone standing: the dialog falls back to the first action.
    expect(
      moreDialogContext({ adAvailable: 3, prone: false, selected: "rise" }, localize).actions[0]!.selected,
    ).toBe(true);
  });
});
