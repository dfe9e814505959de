/** Rate alerts: checked in the background, within what the rate budget leaves. */
export { AlertChecker, bestOffer, groupsOf } from "./checker.js";
