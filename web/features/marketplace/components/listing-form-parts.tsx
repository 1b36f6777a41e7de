import { ArrowLeft } from 'lucide-react';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { type InputProps, WholeNumberInput } from '../../../components/ui/input.tsx';

/** What the create and edit listing forms share: the link back above them and the price field. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <ButtonLink to={to} icon={ArrowLeft} variant="ghost" size="sm" className="mb-4">
      {label}
    </ButtonLink>
  );
}

export function PriceInput(props: Omit<InputProps, 'label'>) {
  return <WholeNumberInput label={ui.priceField} min={1} {...props} />;
}
