/** Rate alerts: checked in the background, within what the rate budget leaves. */
export { AlertChecker, bestOffer, groupsOf, type AlertMessenger, type Delivery } from "./checker.js";
