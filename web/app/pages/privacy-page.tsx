import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <p>
        Your username, email address and a secure hash of your password (never the password itself); what you
        publish (posts, comments, listings, messages, tickets); your credit transactions; and, for security,
        the IP address and browser of each sign-in.
      </p>
    ),
  },
  {
    heading: 'Why we use it',
    body: (
      <p>
        To run your account, show your content to the people it is meant for, process marketplace purchases,
        answer support tickets, and detect fraud or abuse. We do not sell your data and do not show
        third-party advertising.
      </p>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <p>
        One cookie keeps you signed in; scripts cannot read it. If you do not tick "Remember me", it ends when
        you close your browser. Your theme choice is stored in your browser only. We use no tracking cookies.
      </p>
    ),
  },
  {
    heading: 'Who can see what',
    body: (
      <p>
        Your username, avatar, bio, public posts and listings are public. Your email address and balance are
        visible to you and to administrators only. Private messages are visible to their two participants.
      </p>
    ),
  },
  {
    heading: 'Keeping and deleting data',
    body: (
      <p>
        We keep your data while your account exists. Sign-in records are kept for a limited time for security.
        You can ask for a copy or the deletion of your data through a support ticket.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what personal data CheatMarket stores, why, and what you can do about it."
      sections={sections}
    />
  );
}
