import { Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cheatStatusLabels } from '../../../../contract/cheats.ts';
import { isStaff } from '../../../../contract/limits.ts';
import { cheatMessages as m } from '../../../../contract/messages/cheat.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PagedGrid } from '../../../components/ui/card-grid.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { type CheatFilter, useCheats } from '../api.ts';
import { CheatCardItem } from '../components/cheat-card.tsx';
import { CheatFormDialog } from '../components/cheat-form-dialog.tsx';

export function CheatsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [status, setStatus] = useState<CheatFilter>('all');
  const search = useSearchText();
  const [publishing, setPublishing] = useState(false);
  const query = useCheats(status, search.q);

  const actions =
    user && isStaff(user.role) ? (
      <Button onClick={() => setPublishing(true)} icon={Plus}>
        {ui.publish}
      </Button>
    ) : undefined;

  return (
    <Page width="max-w-6xl" title={ui.title} icon={ShieldCheck} intro={ui.intro} actions={actions}>
      <SearchFilters
        search={{ ...search, label: ui.search, placeholder: ui.searchPlaceholder }}
        from="md"
        className="mb-6"
      >
        <Segmented
          label={commonUi.status}
          value={status}
          options={{ all: commonUi.all, ...cheatStatusLabels }}
          onChange={setStatus}
          className="self-start overflow-x-auto"
        />
      </SearchFilters>
      <PagedGrid query={query} failedText={m.loadFailed} loadingLabel={ui.loading} emptyText={m.empty}>
        {(c) => <CheatCardItem cheat={c} watchable={Boolean(user)} />}
      </PagedGrid>
      <CheatFormDialog
        open={publishing}
        onOpenChange={setPublishing}
        onSaved={(saved) => void navigate(`/cheats/${saved.id}`)}
      />
    </Page>
  );
}
