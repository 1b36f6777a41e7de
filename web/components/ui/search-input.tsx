import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
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

const sideBySide = {
  sm: 'sm:flex-row sm:items-center',
  md: 'md:flex-row md:items-center',
  lg: 'lg:flex-row lg:items-center',
};

/** A list's search box (`useSearchText`) with its filters beside it from `from` up, stacked below. */
export function SearchFilters({
  search,
  from = 'sm',
  className = 'mb-4',
  children,
}: {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  from?: keyof typeof sideBySide;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-3', sideBySide[from], className)}>
      <SearchInput
        label={search.label}
        placeholder={search.placeholder}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
        className="flex-1"
      />
      {children}
    </div>
  );
}
