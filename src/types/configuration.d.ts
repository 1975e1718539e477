/**
 * Declaration merging into fvtt-types: Polyverse's system name, settings, flags and documents.
 * The compiler reads the types; nothing here runs.
 */
import type { PolyverseAPI } from "../core/api";
import type { PolyverseActor, PolyverseItem } from "../core/documents";
import type {
  VersesCharacterData,
  VersesCreatureData,
  VersesSocietyData,
  VersesVehicleData,
} from "../rulesets/verses/data/actors";
import type {
  VersesAbilityData,
  VersesAmmunitionData,
  VersesArmourData,
  VersesGearData,
  VersesSkillData,
  VersesSpeciesData,
  VersesWeaponData,
} from "../rulesets/verses/data/items";
import type { TalesTestMessageData } from "../rulesets/tales/rolls/messages";
import type { XeroSumCheckMessageData } from "../rulesets/xero-sum/rolls/messages";
import type { MaelstromCharacterData, MaelstromNpcData } from "../rulesets/maelstrom/data/actors";
import type {
  MaelstromAbilityData,
  MaelstromArmorData,
  MaelstromFlawData,
  MaelstromMeritData,
  MaelstromSpecialtyData,
  MaelstromWeaponData,
} from "../rulesets/maelstrom/data/items";
import type { TalesCharacterData, TalesNpcData } from "../rulesets/tales/data/actors";
import type {
  TalesAdvantageData,
  TalesArmourData,
  TalesDisadvantageData,
  TalesGearData,
  TalesSanctuaryData,
  TalesSkillData,
  TalesTemplateData,
  TalesTextData,
  TalesWeaponData,
} from "../rulesets/tales/data/items";
import type {
  VersesAttackMessageData,
  VersesNoteMessageData,
  VersesSpecialMessageData,
} from "../rulesets/verses/data/messages";
import type { MaelstromAttackMessageData } from "../rulesets/maelstrom/combat/attack-message";
import type { XeroSumCharacterData, XeroSumNpcData } from "../rulesets/xero-sum/data/actors";
import type {
  XeroSumEquipmentData,
  XeroSumParadigmData,
  XeroSumProfessionData,
  XeroSumWeaponData,
} from "../rulesets/xero-sum/data/items";
import type { TalesAttackMessageData, TalesDamageMessageData } from "../rulesets/tales/combat/damage-message";
import type { TalesCareMessageData, TalesUpkeepMessageData } from "../rulesets/tales/documents/care-message";
import type { MaelstromRollMessageData } from "../rulesets/maelstrom/rolls/messages";
import type { XeroSumTableMessageData } from "../rulesets/xero-sum/documents/table-message";
import type {
  XeroSumAttackMessageData,
  XeroSumDamageMessageData,
} from "../rulesets/xero-sum/combat/messages";
import type {
  VirtuallyRealCharacterData,
  VirtuallyRealNpcData,
} from "../rulesets/virtually-real/data/actors";
import type {
  VirtuallyRealBookData,
  VirtuallyRealEquipmentData,
  VirtuallyRealPassionData,
  VirtuallyRealSkillData,
} from "../rulesets/virtually-real/data/items";
import type { VirtuallyRealCheckMessageData } from "../rulesets/virtually-real/rolls/messages";
import type { VirtuallyRealSceneMessageData } from "../rulesets/virtually-real/documents/play-card";
import type { VirtuallyRealTensionMessageData } from "../rulesets/virtually-real/documents/tension";
import type {
  VirtuallyRealAttackMessageData,
  VirtuallyRealCombatMessageData,
} from "../rulesets/virtually-real/combat/messages";

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "polyverse";
  }
  interface SettingConfig {
    "polyverse.ruleset": string;
    "polyverse.schemaVersion": number;
    "polyverse.rulesetSchemas": Record<string, number>;
  }
  interface AssumeHookRan {
    init: true;
  }
  interface DocumentClassConfig {
    Actor: typeof PolyverseActor<Actor.ConfiguredSubType>;
    Item: typeof PolyverseItem<Item.ConfiguredSubType>;
  }
  interface DataModelConfig {
    Actor: {
      "verses-character": typeof VersesCharacterData;
      "verses-creature": typeof VersesCreatureData;
      "verses-vehicle": typeof VersesVehicleData;
      "verses-society": typeof VersesSocietyData;
      "maelstrom-character": typeof MaelstromCharacterData;
      "maelstrom-npc": typeof MaelstromNpcData;
      "tales-character": typeof TalesCharacterData;
      "tales-npc": typeof TalesNpcData;
      "xero-sum-character": typeof XeroSumCharacterData;
      "xero-sum-npc": typeof XeroSumNpcData;
      "virtually-real-character": typeof VirtuallyRealCharacterData;
      "virtually-real-npc": typeof VirtuallyRealNpcData;
    };
    Item: {
      "verses-skill": typeof VersesSkillData;
      "verses-ability": typeof VersesAbilityData;
      "verses-weapon": typeof VersesWeaponData;
      "verses-armour": typeof VersesArmourData;
      "verses-ammunition": typeof VersesAmmunitionData;
      "verses-gear": typeof VersesGearData;
      "verses-species": typeof VersesSpeciesData;
      "maelstrom-specialty": typeof MaelstromSpecialtyData;
      "maelstrom-merit": typeof MaelstromMeritData;
      "maelstrom-flaw": typeof MaelstromFlawData;
      "maelstrom-weapon": typeof MaelstromWeaponData;
      "maelstrom-armor": typeof MaelstromArmorData;
      "maelstrom-ability": typeof MaelstromAbilityData;
      "tales-skill": typeof TalesSkillData;
      "tales-advantage": typeof TalesAdvantageData;
      "tales-disadvantage": typeof TalesDisadvantageData;
      "tales-template": typeof TalesTemplateData;
      "tales-weapon": typeof TalesWeaponData;
      "tales-armour": typeof TalesArmourData;
      "tales-gear": typeof TalesGearData;
      "tales-text": typeof TalesTextData;
      "tales-sanctuary": typeof TalesSanctuaryData;
      "xero-sum-weapon": typeof XeroSumWeaponData;
      "xero-sum-equipment": typeof XeroSumEquipmentData;
      "xero-sum-profession": typeof XeroSumProfessionData;
      "xero-sum-paradigm": typeof XeroSumParadigmData;
      "virtually-real-skill": typeof VirtuallyRealSkillData;
      "virtually-real-passion": typeof VirtuallyRealPassionData;
      "virtually-real-equipment": typeof VirtuallyRealEquipmentData;
      "virtually-real-book": typeof VirtuallyRealBookData;
    };
    ChatMessage: {
      "verses-attack": typeof VersesAttackMessageData;
      "verses-special": typeof VersesSpecialMessageData;
      "verses-note": typeof VersesNoteMessageData;
      "maelstrom-attack": typeof MaelstromAttackMessageData;
      "maelstrom-roll": typeof MaelstromRollMessageData;
      "tales-test": typeof TalesTestMessageData;
      "tales-damage": typeof TalesDamageMessageData;
      "tales-attack": typeof TalesAttackMessageData;
      "tales-care": typeof TalesCareMessageData;
      "tales-upkeep": typeof TalesUpkeepMessageData;
      "xero-sum-table": typeof XeroSumTableMessageData;
      "xero-sum-check": typeof XeroSumCheckMessageData;
      "xero-sum-attack": typeof XeroSumAttackMessageData;
      "xero-sum-damage": typeof XeroSumDamageMessageData;
      "virtually-real-check": typeof VirtuallyRealCheckMessageData;
      "virtually-real-scene": typeof VirtuallyRealSceneMessageData;
      "virtually-real-tension": typeof VirtuallyRealTensionMessageData;
      "virtually-real-attack": typeof VirtuallyRealAttackMessageData;
      "virtually-real-combat": typeof VirtuallyRealCombatMessageData;
    };
  }
  interface InitGame {
    polyverse: PolyverseAPI;
  }
  interface I18nInitGame {
    polyverse: PolyverseAPI;
  }
  interface SetupGame {
    polyverse: PolyverseAPI;
  }
  interface ReadyGame {
    polyverse: PolyverseAPI;
  }
}

export {};
