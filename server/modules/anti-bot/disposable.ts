import { readFileSync } from 'node:fs';

/** The committed list (scripts/disposable-domains.ts writes it), read on first use: no start pays for it. */
let domains: Set<string> | undefined;

function list() {
  domains ??= new Set(
    readFileSync(new URL('./disposable-domains.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return domains;
}

/** Whether the address's domain, or any domain it is under (`x.mailinator.com`), is a disposable one. */
export function isDisposableEmail(email: string) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  const set = list();
  for (let i = 0; i < labels.length - 1; i++) if (set.has(labels.slice(i).join('.'))) return true;
  return false;
}
