/** The amount after `percentage` off, rounded down: a fraction of a cent is the member's. */
export function discountedAmount(amount: number, percentage: number): number {
  return Math.floor((amount * (100 - percentage)) / 100);
}
