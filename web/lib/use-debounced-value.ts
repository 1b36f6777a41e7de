import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (spec §9: searches wait 300 ms). */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A search box's text and the trimmed query it settles on (spec §9: 300 ms). */
export function useSearchText() {
  const [text, setText] = useState('');
  return { value: text, onChange: setText, q: useDebouncedValue(text.trim()) };
}
