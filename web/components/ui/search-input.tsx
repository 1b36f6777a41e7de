import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './form-field.tsx';

/** A search box named by its aria-label (the magnifier is decorative). */
export function SearchInput({
  label,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input type="search" aria-label={label} className={cn(controlClasses, 'pl-10')} {...props} />
    </div>
  );
}
