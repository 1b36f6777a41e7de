import { adminMessages as m } from '../../contract/messages.ts';
import { admin, check, forbidden, owner, type Rules, staff } from './rules.ts';

/** A member's account, as a profile shows it and staff change it. */
export interface MemberSubject {
  kind: 'member';
  id: string;
  role: string;
}

export const member = (row: { id: string; role: string }): MemberSubject => ({
  kind: 'member',
  id: row.id,
  role: row.role,
});

export const memberRules = {
  /** The balance and credits on a profile: the member themselves and staff. */
  seeBalance: [check<MemberSubject>((v, u) => owner(v, u.id) || staff(v), null)],
  changeRole: [
    check<MemberSubject>((v) => admin(v), forbidden(m.onlyAdminsChangeRoles)),
    check<MemberSubject>((v, u) => !owner(v, u.id), forbidden(m.ownRole)),
  ],
  ban: [
    check<MemberSubject>((v, u) => !owner(v, u.id), forbidden(m.ownBan)),
    check<MemberSubject>((v, u) => admin(v) || u.role !== 'admin', forbidden(m.moderatorBanAdmin)),
  ],
} satisfies Rules<MemberSubject>;
