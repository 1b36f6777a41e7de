import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';

/** A list's CSV download: a plain link, the server names the file. */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={buttonClasses('outline', 'sm')}>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
