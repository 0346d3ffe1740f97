/** The member a request is made by, as the middleware puts it in `locals.member`. */
export interface SessionMember {
  id: string;
  profileId: string;
}
