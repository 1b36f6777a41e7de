/**
 * Every contract module that defines texts, imported for their definitions: the server, the catalogue script and
 * the catalogue guards see every group (the web bundle never imports this file; each chunk defines its own).
 */
import '../cheats.ts';
import '../common-messages.ts';
import '../detection.ts';
import '../hooks.ts';
import '../mail.ts';
import '../messages.ts';
import '../payments.ts';
import '../push.ts';
import '../search-texts.ts';
import '../shell-messages.ts';
import '../texts/account-ui.ts';
import '../texts/auth-ui.ts';
import '../texts/device-ui.ts';
import '../texts/wallet-ui.ts';
import '../texts/cheat-ui.ts';
import '../texts/listing-ui.ts';
import '../texts/market-ui.ts';
import '../texts/market-words.ts';
import '../texts/order-ui.ts';
import '../texts/notices.ts';
import '../texts/order-status-ui.ts';
import '../texts/sentences-ui.ts';
import '../texts/trust-level-ui.ts';
import '../texts/common-ui.ts';
import '../texts/product-ui.ts';
import '../texts/search-box-ui.ts';
import '../texts/search-ui.ts';
import '../texts/seller-ui.ts';
import '../texts/admin-ui.ts';
import '../texts/components-ui.ts';
import '../texts/home-ui.ts';
import '../texts/legal-ui.ts';
import '../texts/shell-ui.ts';
import '../texts/community-ui.ts';
import '../texts/forum-ui.ts';
import '../texts/messages-ui.ts';
import '../texts/profile-ui.ts';
import '../texts/social-ui.ts';
import '../texts/tickets-ui.ts';
import '../tickets.ts';
import '../withdrawals.ts';
import { definedGroups } from './define.ts';

/** The English catalogue: `group.key` → text, for every text that is a plain string. */
export function sourceCatalogue(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, texts] of definedGroups()) {
    for (const [key, value] of Object.entries(texts))
      if (typeof value === 'string') out[`${group}.${key}`] = value;
  }
  return out;
}

/** Texts that take arguments (functions in the source): a catalogue may give each an ICU message, {0} {1}… by position. */
export function sourceFunctionKeys(): string[] {
  const out: string[] = [];
  for (const [group, texts] of definedGroups()) {
    for (const [key, value] of Object.entries(texts))
      if (typeof value === 'function') out.push(`${group}.${key}`);
  }
  return out;
}
