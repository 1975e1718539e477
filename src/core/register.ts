import { resolveActiveRuleset, setRegistry } from "./active";
import { createAPI } from "./api";
import { compileCardTemplates, reloadCardTemplates, renderCardHTML } from "./cards";
import { registerMigrationSettings } from "./world-migration";
import { SYSTEM_ID, SYSTEM_PATH } from "./constants";
import { PolyverseActor, PolyverseItem } from "./documents";
import { registerCoreKeybindings } from "./keybindings";
import { hidePackEntries, hiddenPacks } from "./packs";
import type { RulesetRegistry, SubtypedDocument } from "./registry";
import type { PolyverseRuleset, SheetClass } from "./ruleset";
import { registerCoreSettings } from "./settings";
import { registerPendingChanges } from "./changes";
import { listenForCards } from "./ledger";
import { listenForRequests } from "./relay";
import { migrateWorld } from "./world-migration";
import { bindModels } from "./data-model";
import { registerI18n } from "./i18n";

/**
 * Wire Polyverse into Foundry. Everything that differs between rulesets comes from the registry;
 * this function only knows Foundry's hooks and configuration.
 */
export function boot(registry: RulesetRegistry<PolyverseRuleset>): void {
  let fallbackNotice: { stored: unknown; used: string } | undefined;
  registerI18n();

  Hooks.once("init", () => {
    setRegistry(registry);
    registerCoreSettings(registry);
    registerMigrationSettings();
    registerPendingChanges();
    registerCoreKeybindings();
    for (const ruleset of registry.list()) ruleset.registerHooks?.();
    const { ruleset: active, fallback, stored } = resolveActiveRuleset(registry);
    if (fallback) fallbackNotice = { stored, used: active.id };

    CONFIG.Actor.documentClass = PolyverseActor;
    CONFIG.Item.documentClass = PolyverseItem;

    // Every ruleset's models and sheets are registered, so that documents of another ruleset than
    // the active one stay valid and openable.
    registerModels(registry);
    registerSheets(registry);
    registerRolls(registry);

    if (active.statusEffects) {
      const effects =
        typeof active.statusEffects === "function" ? active.statusEffects() : active.statusEffects;
      CONFIG.statusEffects = effects as typeof CONFIG.statusEffects;
    }
    const combat = active.combat;
    if (combat?.combatClass) CONFIG.Combat.documentClass = combat.combatClass;
    if (combat?.combatantClass) CONFIG.Combatant.documentClass = combat.combatantClass;
    if (combat?.initiative) CONFIG.Combat.initiative = combat.initiative;

    const templates = registry.list().flatMap((r) => r.templates ?? []);
    if (templates.length)
      void foundry.applications.handlebars.loadTemplates(templates.map((t) => `${SYSTEM_PATH}/${t}`));
    void compileCardTemplates();
    reloadCardTemplates();

    game.polyverse = createAPI(registry, game.system?.version ?? "0.0.0");
    active.hooks?.init?.();
  });

  Hooks.once("setup", () => {
    registry.get(game.settings.get(SYSTEM_ID, "ruleset"))?.hooks?.setup?.();
  });

  Hooks.once("ready", () => {
    listenForRequests();
    listenForCards();
    void migrateWorld(registry);
    if (fallbackNotice && game.user?.isGM) {
      ui.notifications?.warn(
        game.i18n!.format("POLYVERSE.Notifications.UnknownRuleset", {
          stored: String(fallbackNotice.stored),
          used: fallbackNotice.used,
        }),
        { permanent: true },
      );
    }
    registry.get(game.settings.get(SYSTEM_ID, "ruleset"))?.hooks?.ready?.();
  });

  // Cards are drawn from their data, then every message's buttons are bound (cards.ts, chat.ts).
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) =>
    renderCardHTML(message, html),
  );

  Hooks.on("renderCompendiumDirectory", (_app: unknown, html: HTMLElement) => {
    const activeId = game.polyverse.ruleset.id;
    const packs = [...game.packs!].map((p) => ({ collection: p.collection, flags: p.metadata.flags }));
    hidePackEntries(html, hiddenPacks(activeId, packs));
  });
}

const MODEL_DOCUMENTS: readonly SubtypedDocument[] = [
  "Actor",
  "Item",
  "ChatMessage",
  "Combatant",
  "JournalEntryPage",
];

function registerModels(registry: RulesetRegistry<PolyverseRuleset>): void {
  bindModels(registry);
  for (const documentName of MODEL_DOCUMENTS) {
    const config = CONFIG[documentName] as {
      dataModels: Record<string, unknown>;
      trackableAttributes?: Record<string, unknown>;
    };
    for (const { type, registration } of registry.allTypes(documentName)) {
      config.dataModels[type] = registration.model;
      if (registration.trackable && documentName === "Actor") {
        config.trackableAttributes ??= {};
        config.trackableAttributes[type] = registration.trackable;
      }
    }
  }
}

function registerSheets(registry: RulesetRegistry<PolyverseRuleset>): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  for (const documentName of ["Actor", "Item"] as const) {
    const cls = documentName === "Actor" ? Actor : Item;
    const bySheet = new Map<SheetClass, { types: string[]; label: string }>();
    for (const { type, ruleset, registration } of registry.allTypes(documentName)) {
      const sheet = registration.sheet as SheetClass | undefined;
      if (!sheet) continue;
      const entry = bySheet.get(sheet) ?? {
        types: [],
        label: `POLYVERSE.Sheets.${ruleset.id}.${sheet.name}`,
      };
      entry.types.push(type);
      bySheet.set(sheet, entry);
    }
    for (const [sheet, { types, label }] of bySheet) {
      DocumentSheetConfig.registerSheet(cls, SYSTEM_ID, sheet as never, {
        types: types as never,
        makeDefault: true,
        label,
      });
    }
  }
}

function registerRolls(registry: RulesetRegistry<PolyverseRuleset>): void {
  for (const ruleset of registry.list()) {
    for (const roll of ruleset.rolls ?? []) {
      // Appended, never at index 0: index 0 is the class behind every plain /r, inline and initiative roll.
      if (!CONFIG.Dice.rolls.includes(roll)) CONFIG.Dice.rolls.push(roll);
    }
  }
}
