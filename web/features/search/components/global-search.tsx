import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchLimits, searchTexts } from '../../../../contract/search-texts.ts';
import { searchBoxUi } from '../../../../contract/texts/search-box-ui.ts';
import { searchCheatStatus, searchUi as ui } from '../../../../contract/texts/search-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useGlobalSearch } from '../api.ts';
import { searchBoxClasses, searchIconClasses, searchInputClasses } from './global-search-slot.tsx';

interface Option {
  id: string;
  group: 'Cheats' | 'Users' | 'Listings' | 'Threads';
  to: string;
  label: string;
  extra?: React.ReactNode;
  avatar?: { username: string; avatarUrl: string | null };
}

const statusTone = { undetected: 'success', detected: 'danger', other: 'neutral' } as const;
const groups = ['Cheats', 'Users', 'Listings', 'Threads'] as const;
/** A result group's heading, read at render (the words follow the language). */
const groupLabel = (group: Option['group']) =>
  ({ Cheats: ui.cheats, Users: ui.users, Listings: ui.listings, Threads: ui.threads })[group];

/**
 * The top bar's search: debounced 300 ms, a keyboard-navigable dropdown of cheats, members, listings and
 * forum threads.
 */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), searchLimits.debounceMs);
  const { data, isFetching } = useGlobalSearch(q);
  const navigate = useNavigate();
  const listId = useDomId();
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // On a page the server drew, the box was on the screen before the code: a click there focused it, and the
  // app takes that element over, so it opens now as the click would have opened it.
  useEffect(() => {
    if (document.activeElement === inputRef.current) setOpen(true);
  }, []);

  const options = useMemo<Option[]>(() => {
    if (!data || q.length < searchLimits.minLength) return [];
    return [
      ...data.cheats.map((c) => ({
        id: `cheat-${c.id}`,
        group: 'Cheats' as const,
        to: `/cheats/${c.id}`,
        label: c.title,
        extra: (
          <Badge tone={statusTone[c.status]}>
            {/* The first letter up, not every word's (a translation may be two words). */}
            <span className="inline-block first-letter:uppercase">{searchCheatStatus[c.status]}</span>
          </Badge>
        ),
      })),
      ...data.users.map((u) => ({
        id: `user-${u.id}`,
        group: 'Users' as const,
        to: `/profile/${u.id}`,
        label: u.username,
        avatar: { username: u.username, avatarUrl: u.avatarUrl },
      })),
      ...data.listings.map((l) => ({
        id: `listing-${l.id}`,
        group: 'Listings' as const,
        to: `/marketplace/${l.id}`,
        label: l.title,
        extra: <span className="text-xs text-muted">{ui.price(l.price)}</span>,
      })),
      ...data.threads.map((th) => ({
        id: `thread-${th.id}`,
        group: 'Threads' as const,
        to: `/forum/post/${th.id}`,
        label: th.title,
        extra: <span className="text-xs text-muted">{ui.replies(th.replyCount)}</span>,
      })),
    ];
  }, [data, q]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const go = (option: Option) => {
    setOpen(false);
    setText('');
    void navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) {
        event.preventDefault();
        go(option);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const waiting = text.trim() !== q || (isFetching && !data);
  const typed = text.trim().length >= searchLimits.minLength;
  let body: React.ReactNode;
  if (!typed) body = <p className="px-3 py-4 text-center text-sm text-muted">{searchTexts.startTyping}</p>;
  else if (waiting && options.length === 0)
    body = (
      <p className="flex items-center justify-center gap-2 px-3 py-4 text-sm text-muted">
        <Spinner className="size-4" /> {ui.searching}
      </p>
    );
  else if (options.length === 0)
    body = <p className="px-3 py-4 text-center text-sm text-muted">{searchTexts.noResults}</p>;

  return (
    <search ref={rootRef} className={searchBoxClasses}>
      <Search className={searchIconClasses} aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={searchBoxUi.label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined}
        placeholder={searchTexts.placeholder}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={searchInputClasses}
      />
      {open && (
        <div className="absolute inset-x-0 z-50 mt-2 overflow-hidden rounded-2xl border border-line bg-surface p-1.5 shadow-xl shadow-black/20">
          {body}
          <div id={listId} role="listbox" aria-label={ui.results} className="max-h-96 overflow-y-auto">
            {groups.map((group) => {
              const inGroup = options.filter((o) => o.group === group);
              if (inGroup.length === 0) return null;
              return (
                // biome-ignore lint/a11y/useSemanticElements: ARIA listbox groups are role="group", not <fieldset>
                <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
                  <p
                    id={`${listId}-${group}`}
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {groupLabel(group)}
                  </p>
                  {inGroup.map((option) => {
                    const index = options.indexOf(option);
                    return (
                      <div
                        key={option.id}
                        id={`${listId}-${option.id}`}
                        role="option"
                        tabIndex={-1}
                        aria-selected={index === active}
                        onPointerDown={(e) => e.preventDefault()}
                        onClick={() => go(option)}
                        onKeyDown={() => {}}
                        onMouseEnter={() => setActive(index)}
                        className={cn(
                          'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm',
                          index === active && 'bg-surface-2',
                        )}
                      >
                        {option.avatar && <Avatar person={option.avatar} className="size-7 text-xs" />}
                        <span className="min-w-0 flex-1 truncate">{option.label}</span>
                        {option.extra}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </search>
  );
}
