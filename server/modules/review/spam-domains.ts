/**
 * Domains a post is held for whatever the `review.spamDomains` setting says (issue 36): link shorteners, which
 * hide where a link goes, and IP loggers, which cheat-community spam uses to unmask whoever clicks. Staff add
 * their own in the setting; a subdomain of a listed domain counts as it.
 */
export const knownSpamDomains = [
  // Shorteners
  'bit.ly',
  'tinyurl.com',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  't.ly',
  'tiny.cc',
  'rebrand.ly',
  // Paid-link and ad-gate shorteners
  'adf.ly',
  'shorte.st',
  'bc.vc',
  'ouo.io',
  'linkvertise.com',
  // IP loggers
  'grabify.link',
  'iplogger.org',
  'iplogger.com',
  '2no.co',
  'yip.su',
] as const;
