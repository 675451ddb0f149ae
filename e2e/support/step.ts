/**
 * How long one step of a browser flow may wait for what the page shows before the flow fails. A ceiling, not a wait:
 * each step returns as soon as the page shows it. On a quiet machine a step takes well under a second; a clean-clone
 * run beside a second one on two cores took over 15 s for some (a resend after going back online, a lazy chunk).
 */
export const STEP_CEILING_MS = 60_000;
