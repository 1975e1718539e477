/**
 * Polyverse: one Foundry VTT v13 system hosting five tabletop rulesets.
 * Entry point of dist/polyverse.mjs.
 */
import "../styles/polyverse.scss";
import { boot } from "./core/register";
import { registry } from "./rulesets";

boot(registry);
