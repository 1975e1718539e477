/**
 * What the Virtually Real documents glue shares without Foundry: the ruleset's id (its flags'
 * namespace) and where its strings are.
 */

export const ID = "virtually-real";
/** The play strings (lang/en/virtually-real-play.json). */
export const PLAY = "POLYVERSE.VirtuallyReal.Play";
