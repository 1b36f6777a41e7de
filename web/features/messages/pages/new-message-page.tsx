import { PenSquare, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { directMessageTexts as t } from '../../../../contract/messages/direct-messages.ts';
import type { UserSummary } from '../../../../contract/profiles.ts';
import { messagesUi as ui } from '../../../../contract/texts/messages-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SignedOut } from '../../../components/ui/signed-out.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch, useUserSummary } from '../api.ts';
import { MessageForm } from '../components/message-form.tsx';

/** /messages/new: choose a recipient (or take ?recipient=), write, Send Message → the thread. */
export function NewMessagePage() {
  const { user, isPending } = useSession();
  const [params, setParams] = useSearchParams();
  const recipientId = params.get('recipient');
  const navigate = useNavigate();
  const [picked, setPicked] = useState<UserSummary | null>(null);
  const preselected = useUserSummary(picked ? null : recipientId);
  const recipient = picked ?? (preselected.data ? pickSummary(preselected.data) : null);

  if (isPending) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (!user) return <SignedOut text={t.loginToSend} />;

  const change = () => {
    setPicked(null);
    setParams({}, { replace: true });
  };

  return (
    <Page width="max-w-2xl" title={ui.newMessage} icon={PenSquare}>
      <Card className="flex flex-col gap-5 p-5">
        {recipient ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-2/60 p-3">
            <Avatar person={recipient} />
            <div className="min-w-0 flex-1">
              <p className="text-xs text-muted">{ui.to}</p>
              <p className="truncate font-semibold">{recipient.username}</p>
            </div>
            <Link to={`/profile/${recipient.id}`} className={buttonClasses('ghost', 'sm')}>
              <UserRound className="size-4" aria-hidden="true" />
              {ui.viewProfile}
            </Link>
            <Button variant="outline" size="sm" onClick={change}>
              {ui.change}
            </Button>
          </div>
        ) : recipientId && preselected.isPending ? (
          <Skeleton className="h-16 w-full rounded-xl" />
        ) : (
          <RecipientPicker meId={user.id} onPick={setPicked} />
        )}
        {recipient && (
          <MessageForm
            recipientId={recipient.id}
            rows={5}
            submitLabel={ui.sendMessage}
            onSent={() => navigate(`/messages/${recipient.id}`)}
          />
        )}
      </Card>
    </Page>
  );
}

const pickSummary = (u: UserSummary): UserSummary => ({
  id: u.id,
  username: u.username,
  avatarUrl: u.avatarUrl,
});

function RecipientPicker({ meId, onPick }: { meId: string; onPick: (u: UserSummary) => void }) {
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 300);
  const { data, isPending } = useUserSearch(debounced);
  const users = (data?.items ?? []).filter((u) => u.id !== meId);
  return (
    <div className="flex flex-col gap-3">
      <SearchInput
        label={ui.searchUsers}
        placeholder={t.searchUsers}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-12 w-full rounded-xl" />
          <Skeleton className="h-12 w-full rounded-xl" />
        </div>
      ) : users.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t.noUsers}</p>
      ) : (
        <ul aria-label={ui.users} className="flex max-h-80 flex-col gap-1 overflow-y-auto">
          {users.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                onClick={() => onPick(u)}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary/40"
              >
                <Avatar person={u} />
                <span className="truncate text-sm font-medium">{u.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
