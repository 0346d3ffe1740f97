/** The site's words for the fictional label, resolved on the server and handed to islands. */
export interface FictionalLabel {
  icon: string;
  /** One fictional profile (`settings.fictional_singular`). */
  label: string;
  /** The full warning (`settings.fictional_warning`). */
  warning: string;
}

/** Where the likes islands link: a member's profile and its chat. */
export interface MemberLinks {
  /** `/members` with the page's locale prefix; a profile is `${members}/${id}`. */
  members: string;
}

export const profilePath = (links: MemberLinks, id: string) => `${links.members}/${encodeURIComponent(id)}`;
export const chatPath = (links: MemberLinks, id: string) => `${profilePath(links, id)}/chat`;
