/** Seats of the Free plan (PRODUCT.md section 7). */
export const FREE_PLAN_SEATS = 3;

/**
 * How many seats (active members + pending invitations) a workspace may use.
 * The one place that knows; plans will answer here once they exist.
 */
export function seatLimitFor(_workspace: { id: string }): number {
  return FREE_PLAN_SEATS;
}
