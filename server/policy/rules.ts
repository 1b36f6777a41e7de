import { isStaff } from '../../contract/limits.ts';
import type { Viewer } from '../modules/auth/viewer.ts';
import { AppError } from '../plugins/errors.ts';

/**
 * The building blocks of the policy tables (one file per resource in this folder). A rule is a list of
 * checks, read in order: each says who (or in which state) the action is allowed and what the caller is
 * told when it is not. `can` asks all of them (the `abilities` a detail reports), `authorize` throws the
 * first refusal (a service's first line after loading the resource), so the two cannot disagree.
 */
export interface Check<S> {
  allows: (viewer: Viewer | null, subject: S) => boolean;
  /**
   * The error `authorize` throws when `allows` says no. `null` for a state the action is offered in but that
   * the service enforces itself, in the same conditional write that does it (a race with another buyer, a
   * staff member settling first): `can` still asks it, `authorize` leaves it to the write.
   */
  refuse: (() => AppError) | null;
}

export type Rules<S> = Record<string, readonly Check<S>[]>;

export const check = <S>(allows: Check<S>['allows'], refuse: Check<S>['refuse']): Check<S> => ({
  allows,
  refuse,
});

export const forbidden = (message: string) => () => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => () => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => () => new AppError('CONFLICT', message);

/** Moderators and admins. */
export const staff = (viewer: { role: string } | null): boolean => isStaff(viewer?.role);
export const admin = (viewer: { role: string } | null): boolean => viewer?.role === 'admin';
/** The member the resource belongs to (never a visitor). */
export const owner = (viewer: { id: string } | null, ownerId: string | null): boolean =>
  !!viewer && viewer.id === ownerId;
/** Change or remove something a member owns: its owner, or staff. */
export const ownerOrStaff = (viewer: Viewer | null, ownerId: string | null): boolean =>
  owner(viewer, ownerId) || staff(viewer);
