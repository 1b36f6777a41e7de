import { Link } from 'react-router';
import { legalUi as ui } from '../../../contract/texts/legal-ui.ts';
import { pageTitles } from '../../../contract/texts/shell-ui.ts';
import { withParts } from '../../lib/text-parts.tsx';
import { LegalPage, type LegalSection } from './legal-page.tsx';

/** "If you think a decision was wrong, open a [support ticket]." in one message, its link placed where it says. */
function Appeal() {
  return withParts(
    ui.moderationAppeal,
    <Link to="/tickets" className="text-primary underline underline-offset-2 hover:decoration-2">
      {ui.supportTicketLink}
    </Link>,
  );
}

/** The terms' sections, built at render: their words are the active language's. */
const sections = (): LegalSection[] => [
  { heading: ui.accountHeading, body: <p>{ui.accountText}</p> },
  { heading: ui.useHeading, body: <p>{ui.useText}</p> },
  {
    heading: ui.creditsHeading,
    body: (
      <>
        <p>{ui.creditsText}</p>
        <p>{ui.sellersText}</p>
      </>
    ),
  },
  {
    heading: ui.moderationHeading,
    body: (
      <p>
        {ui.moderationText} <Appeal />
      </p>
    ),
  },
  { heading: ui.warrantyHeading, body: <p>{ui.warrantyText}</p> },
  { heading: ui.changesHeading, body: <p>{ui.changesText}</p> },
];

export function TermsPage() {
  return <LegalPage title={pageTitles.terms} intro={ui.termsIntro} sections={sections()} />;
}
