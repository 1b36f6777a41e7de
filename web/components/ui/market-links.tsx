import { BarChart3, Plus } from 'lucide-react';
import { marketWords as w } from '../../../contract/texts/market-words.ts';
import { pageTitles } from '../../../contract/texts/shell-ui.ts';
import { ButtonLink } from './button-link.tsx';

/** The header action to the listing form, on the marketplace and on the seller's dashboard. */
export function CreateListingLink() {
  return (
    <ButtonLink to="/marketplace/create" icon={Plus}>
      {w.createListing}
    </ButtonLink>
  );
}

/** The header action to the seller's dashboard, from the marketplace and the orders: named as its page is titled
 * (the shell's words, already loaded, where the stock's messages would add 2 KB to the marketplace's first screen). */
export function SellerDashboardLink() {
  return (
    <ButtonLink to="/seller" icon={BarChart3} variant="outline">
      {pageTitles.seller}
    </ButtonLink>
  );
}
