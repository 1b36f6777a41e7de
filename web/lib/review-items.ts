import type { MyReviewItem } from '../../contract/review.ts';
import { reviewRoutes } from './api-routes/review.gen.ts';
import { useMemberQuery } from './session.ts';

/** The member's own posts waiting for staff (issue 36): the forum and the feed show them where they would be. */
export const myReviewItemsKey = ['me', 'review-items'] as const;

/** The member's held items that `show` picks (loads only when signed in; none for visitors). */
export function useMyReviewItems(show: (item: MyReviewItem) => boolean): MyReviewItem[] {
  const query = useMemberQuery({
    queryKey: myReviewItemsKey,
    queryFn: ({ signal }) => reviewRoutes.mine({ signal }),
    staleTime: 30_000,
  });
  return query.data?.items.filter(show) ?? [];
}
