/**
 * The bases every Polyverse document sheet extends (ApplicationV2 with Handlebars).
 *
 * TypeScript 5.9 with fvtt-types v13 reports "Excessive stack depth comparing types" on the first
 * class it checks that extends a Handlebars-mixed document sheet and has members; once that first
 * comparison is done its result is cached, and every later sheet checks cleanly. The declaration
 * below makes that first comparison here, on purpose, where the error is expected; it emits no
 * code. Every sheet imports this module, so it is always checked first.
 */
const { HandlebarsApplicationMixin } = foundry.applications.api;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2);
export const HandlebarsItemSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2);

// @ts-expect-error -- the deliberate first deep comparison described above.
export declare abstract class DepthWarmUp extends HandlebarsActorSheet {
  warmUp(): void;
}
