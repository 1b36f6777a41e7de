import { type KeyboardEvent, type SyntheticEvent, useState } from 'react';
import { limits } from '../../../../contract/limits.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useMentionSuggestions } from '../api.ts';
import { type EditorText, useCaretAfterChange } from './use-caret.ts';

// The `@name` being typed just before the caret: the server's mention rule (modules/forum/markdown.ts), from
// one character on.
const TYPING = new RegExp(`(?:^|[^A-Za-z0-9_.@/-])@([A-Za-z0-9_-]{1,${limits.username.max}})$`);

type Typing = { q: string; at: number };

function typingAt(el: HTMLTextAreaElement): Typing | null {
  if (el.selectionStart !== el.selectionEnd) return null;
  const match = TYPING.exec(el.value.slice(0, el.selectionStart));
  return match ? { q: match[1]!, at: el.selectionStart - match[1]!.length - 1 } : null;
}

/**
 * The @ autocomplete of a Markdown textarea: after `@` and a letter, the members whose names start so
 * (debounced, asked of GET /users/autocomplete), in a listbox under the field. The combobox pattern's
 * keyboard (Up/Down move, Enter or Tab picks, Escape closes) and its ARIA states that a textarea may carry:
 * aria-autocomplete, aria-controls and aria-activedescendant (HTML allows no role on a textarea, so it stays
 * a textbox, and aria-expanded is not valid there); a polite status tells how many names are offered.
 */
export function useMentionAutocomplete({ textarea, value, onChange }: EditorText) {
  const listId = useDomId();
  const placeCaret = useCaretAfterChange(textarea);
  const [typing, setTyping] = useState<Typing | null>(null);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(typing?.q ?? '');
  const query = useMentionSuggestions(typing ? q : '');
  const prefix = typing?.q.toLowerCase() ?? '';
  const items = typing
    ? (query.data?.items ?? []).filter((u) => u.username.toLowerCase().startsWith(prefix))
    : [];
  const open = items.length > 0;
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const next = typingAt(event.currentTarget);
    if (next?.q !== typing?.q || next?.at !== typing?.at) {
      setTyping(next);
      setActive(0);
    }
  };

  const choose = (username: string) => {
    const el = textarea.current;
    if (!el || !typing) return;
    const inserted = `@${username} `;
    const next = value.slice(0, typing.at) + inserted + value.slice(typing.at + 1 + typing.q.length);
    placeCaret(next, typing.at + inserted.length);
    onChange(next);
    setTyping(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(items[current]!.username);
    } else if (event.key === 'Escape') {
      // Closes the list only, not a dialog the editor sits in.
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return {
    inputProps: {
      onKeyDown,
      onSelect: track,
      'aria-autocomplete': 'list' as const,
      'aria-haspopup': 'listbox' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
    },
    /** Reads the caret after an edit (call from the textarea's onChange). */
    track,
    close: () => setTyping(null),
    list: (
      <>
        <p className="sr-only" aria-live="polite">
          {open ? ui.membersFound(items.length) : ''}
        </p>
        {open && (
          // The global search's panel and option classes: no new rules in the one stylesheet (first-screen budget).
          <div
            id={listId}
            role="listbox"
            aria-label={ui.mentionSuggestions}
            className="absolute inset-x-0 z-50 mt-2 max-h-96 overflow-y-auto rounded-2xl border border-line bg-surface p-1.5 shadow-xl shadow-black/20"
          >
            {items.map((user, i) => (
              <div
                key={user.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === current}
                // Keeps the caret in the textarea: choosing must not blur it.
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => choose(user.username)}
                onKeyDown={() => {}}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm',
                  i === current && 'bg-surface-2',
                )}
              >
                <Avatar person={user} className="size-7 text-xs" />
                <span className="truncate">{user.username}</span>
              </div>
            ))}
          </div>
        )}
      </>
    ),
  };
}
