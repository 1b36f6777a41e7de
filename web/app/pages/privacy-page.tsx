import { legalUi as ui } from '../../../contract/texts/legal-ui.ts';
import { pageTitles } from '../../../contract/texts/shell-ui.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

/** The policy's sections, built at render: their words are the active language's. */
const sections = (): LegalSection[] => [
  { heading: ui.collectHeading, body: <p>{ui.collectText}</p> },
  { heading: ui.whyHeading, body: <p>{ui.whyText}</p> },
  { heading: ui.cookiesHeading, body: <p>{ui.cookiesText}</p> },
  { heading: ui.visibilityHeading, body: <p>{ui.visibilityText}</p> },
  { heading: ui.retentionHeading, body: <p>{ui.retentionText}</p> },
];

export function PrivacyPage() {
  return <LegalPage title={pageTitles.privacy} intro={ui.privacyIntro} sections={sections()} />;
}
