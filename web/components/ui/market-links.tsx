import { BarChart3, Plus } from 'lucide-react';
import { stockMessages as st } from '../../../contract/messages/stock.ts';
import { marketWords as w } from '../../../contract/texts/market-words.ts';
import { ButtonLink } from './button-link.tsx';

/** The header action to the listing form, on the marketplace and on the seller's dashboard. */
export function CreateListingLink() {
  return (
    <ButtonLink to="/marketplace/create" icon={Plus}>
      {w.createListing}
    </ButtonLink>
  );
}

/** The header action to the seller's dashboard, from the marketplace and the orders. */
export function SellerDashboardLink() {
  return (
    <ButtonLink to="/seller" icon={BarChart3} variant="outline">
      {st.dashboardTitle}
    </ButtonLink>
  );
}
