/**
 * Writes server/modules/anti-bot/disposable-domains.txt (one domain a line, sorted) from the
 * disposable-email-domains package, a devDependency: the server reads the committed file, so the list is
 * reviewed in the repository and the runtime needs no package. Run after updating the package:
 * `npm run disposable-domains`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = require.resolve('disposable-email-domains/index.json');
const wildcards = require.resolve('disposable-email-domains/wildcard.json');
const domains = new Set<string>();
for (const file of [source, wildcards])
  for (const domain of JSON.parse(readFileSync(file, 'utf8')) as string[])
    if (/^[a-z0-9.-]+$/i.test(domain)) domains.add(domain.toLowerCase());
const target = new URL('../server/modules/anti-bot/disposable-domains.txt', import.meta.url);
writeFileSync(target, `${[...domains].sort().join('\n')}\n`);
console.log(`${domains.size} domains written to ${target.pathname}`);
