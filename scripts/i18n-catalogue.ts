/**
 * Writes contract/i18n/catalogues/en.json from the contract's texts (English is the source; issue 41). Run after
 * changing a text: `node scripts/i18n-catalogue.ts`. The catalogue guard test fails while it is out of date.
 */
import { writeFileSync } from 'node:fs';
import { sourceCatalogue } from '../contract/i18n/all-texts.ts';

const file = new URL('../contract/i18n/catalogues/en.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(sourceCatalogue(), null, 2)}\n`);
console.log(`wrote ${Object.keys(sourceCatalogue()).length} texts to ${file.pathname}`);
