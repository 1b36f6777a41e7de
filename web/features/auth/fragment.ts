import { useLocation } from 'react-router';

/**
 * The parameters after `#` in the page's address. Emailed links (reset, verify, not me) carry their token
 * there, so it never reaches a server log or a Referer.
 */
export function useFragment(): URLSearchParams {
  return new URLSearchParams(useLocation().hash.replace(/^#/, ''));
}
