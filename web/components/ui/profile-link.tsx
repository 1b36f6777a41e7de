import { Link } from 'react-router';

/** A member's username, linking to their profile. */
export function ProfileLink({
  person,
  className,
}: {
  person: { id: string; username: string };
  className?: string;
}) {
  return (
    <Link to={`/profile/${person.id}`} className={className}>
      {person.username}
    </Link>
  );
}
