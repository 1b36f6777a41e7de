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
