import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';

/** The feed's place while the session, the feed's code or its first page loads. */
export function FeedSkeleton() {
  return (
    <Loading label={c.loadingPosts} className="flex flex-col gap-4">
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <Card key={i} className="p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="mt-2 h-3 w-24" />
            </div>
          </div>
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
        </Card>
      ))}
    </Loading>
  );
}
