import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page-header.tsx';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Shared frame of the Terms of Service and Privacy Policy pages. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <Page width="max-w-3xl" title={title} intro={intro}>
      <Card className="p-6 sm:p-8">
        {sections.map((section, i) => (
          <section key={section.heading} className="mt-8 first:mt-0">
            <h2 className="text-lg font-semibold">
              {i + 1}. {section.heading}
            </h2>
            <div className="mt-2 space-y-3 leading-relaxed text-muted">{section.body}</div>
          </section>
        ))}
      </Card>
    </Page>
  );
}
