import { type RefObject, useLayoutEffect, useRef } from 'react';

/** The editor's textarea and its controlled text, as the editor's helpers (mentions, image upload) take it. */
export interface EditorText {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
}

/**
 * Puts a controlled textarea's caret at a position once the value it belongs to is on the page: in that
 * commit's layout phase, before the browser handles the next key. A requestAnimationFrame could run after
 * keys typed quickly on a busy machine and move the caret back among them ("ask @name itabout").
 */
export function useCaretAfterChange(textarea: RefObject<HTMLTextAreaElement | null>) {
  const pending = useRef<{ value: string; caret: number } | null>(null);
  useLayoutEffect(() => {
    const el = textarea.current;
    const next = pending.current;
    if (!el || !next || el.value !== next.value) return;
    pending.current = null;
    el.focus();
    el.setSelectionRange(next.caret, next.caret);
  });
  /** Call with the value just passed to onChange and where the caret goes in it. */
  return (value: string, caret: number) => {
    pending.current = { value, caret };
  };
}
