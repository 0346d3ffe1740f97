/**
 * The other member's thumbnail beside their name in the chat list and the conversation's
 * header. Decorative: the name beside it says who.
 */
export function Avatar(props: {
  profile: { main_image: { thumb_filename: string } };
  size: number;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={props.className ? `avatar ${props.className}` : 'avatar'}
      src={props.profile.main_image.thumb_filename}
      alt=""
      width={props.size}
      height={props.size}
      loading={props.lazy ? 'lazy' : undefined}
    />
  );
}
