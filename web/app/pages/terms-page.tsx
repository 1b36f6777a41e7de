import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    heading: 'Your account',
    body: (
      <p>
        You must give a valid email address and keep your password to yourself. You are responsible for
        everything done with your account. One person, one account: accounts may not be sold, shared or
        transferred outside the marketplace rules below.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Be respectful. Do not post illegal content, malware, stolen accounts or personal data of others, and
        do not harass, scam or impersonate anyone. Game publishers' own terms may forbid the use of cheats;
        complying with them is your responsibility.
      </p>
    ),
  },
  {
    heading: 'Credits and the marketplace',
    body: (
      <>
        <p>
          Listings are priced in credits. Credits have no cash value outside CheatMarket and cannot be
          withdrawn. A marketplace fee is deducted from each sale.
        </p>
        <p>
          Sellers must describe what they sell honestly and deliver it. Buyers are protected: a purchase can
          be disputed through a support ticket, and staff decide disputes.
        </p>
      </>
    ),
  },
  {
    heading: 'Moderation',
    body: (
      <p>
        Staff may remove content and suspend or ban accounts that break these terms. A banned account is
        signed out everywhere at once. If you think a decision was wrong, open a{' '}
        <Link to="/tickets" className="text-primary underline underline-offset-2 hover:decoration-2">
          support ticket
        </Link>
        .
      </p>
    ),
  },
  {
    heading: 'No warranty',
    body: (
      <p>
        CheatMarket is provided as it is. We do our best to keep it available and safe but cannot promise that
        it is free of interruptions, or that third-party software offered on it works or stays undetected.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        We may update these terms. Continuing to use the site after a change means you accept the new terms.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms govern your use of CheatMarket, the community and marketplace for game cheats, hacks, accounts and items. By creating an account you agree to them."
      sections={sections}
    />
  );
}
