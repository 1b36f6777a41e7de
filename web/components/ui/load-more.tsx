import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { Button, type ButtonProps } from './button.tsx';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The "Load more" button under a keyset-paged list; nothing when there is no next page. */
export function LoadMore({
  query,
  label,
  variant = 'outline',
  size,
  className = 'mt-6 flex justify-center',
}: {
  query: PagedQuery;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className}>
      <Button
        variant={variant}
        size={size}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {label ?? shellUi.loadMore}
      </Button>
    </div>
  );
}
