/** Spec §9: an unread count shows as 99+ above 99 (as the navigation's badge does). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
