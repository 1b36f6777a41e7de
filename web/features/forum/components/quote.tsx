import { Quote } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { quoteMarkdown } from '../../../../contract/forum.ts';
import { Button } from '../../../components/ui/button.tsx';

type Insert = (markdown: string) => void;

const QuoteContext = createContext<{
  target: RefObject<Insert | null>;
  ready: boolean;
  setReady: (ready: boolean) => void;
} | null>(null);

/** Links a thread page's Quote buttons to its reply form. */
export function QuoteProvider({ children }: { children: ReactNode }) {
  const target = useRef<Insert | null>(null);
  const [ready, setReady] = useState(false);
  const value = useMemo(() => ({ target, ready, setReady }), [ready]);
  return <QuoteContext.Provider value={value}>{children}</QuoteContext.Provider>;
}

/** The reply form says how a quote is added to it; Quote buttons show only while such a form is there. */
export function useQuoteTarget(insert: Insert) {
  const context = useContext(QuoteContext);
  const latest = useRef(insert);
  latest.current = insert;
  const target = context?.target;
  const setReady = context?.setReady;
  useEffect(() => {
    if (!target || !setReady) return;
    target.current = (markdown) => latest.current(markdown);
    setReady(true);
    return () => {
      target.current = null;
      setReady(false);
    };
  }, [target, setReady]);
}

/**
 * Quotes a post into the reply form: the text selected inside the post (element `within`) when there is
 * some, else its whole Markdown source, under a line naming its author with a link back to it.
 */
export function QuoteButton({
  label,
  author,
  threadId,
  replyId,
  source,
  within,
}: {
  label: string;
  author: string;
  threadId: string;
  replyId?: string;
  source: string;
  within: string;
}) {
  const context = useContext(QuoteContext);
  if (!context?.ready) return null;
  const quote = () => {
    const selection = window.getSelection();
    const root = document.getElementById(within);
    const inside =
      selection && !selection.isCollapsed && selection.rangeCount > 0 && root
        ? root.contains(selection.getRangeAt(0).commonAncestorContainer)
        : false;
    const text = (inside && selection?.toString().trim()) || source;
    context.target.current?.(quoteMarkdown({ author, threadId, replyId, text }));
  };
  return (
    <Button
      icon={Quote}
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      title={label}
      // Keeps the reader's selection: pressing a button must not clear what they chose to quote.
      onPointerDown={(e) => e.preventDefault()}
      onClick={quote}
    ></Button>
  );
}
