/** The cheat status board and a cheat's page (issue 41): downloads, facts, the timeline and the staff's form. */
import { defineMessages } from '../i18n/define.ts';

export const cheatUi = /* @__PURE__ */ defineMessages('cheatUi', {
  title: 'Cheat Status',
  intro: 'Live detection status of every cheat we publish. Check before you play.',
  publish: 'Publish Cheat',
  editCheat: 'Edit Cheat',
  search: 'Search cheats',
  searchPlaceholder: 'Search by title or game...',
  loading: 'Loading cheats…',
  loadingOne: 'Loading cheat…',
  back: 'Back to cheats',
  deleteCheat: 'Delete cheat',
  /** A card's download count, already formatted for the locale: "1,234 downloads". */
  downloadsCount: (count: string) => `${count} downloads`,
  downloads: 'Downloads',
  publishedBy: 'Published by',
  staff: 'Staff',
  downloadHint: 'Check the status above before you play. Downloads are counted once per member per day.',
  download: 'Download',
  /** A visitor's line beside the Login button (a sentence, with its full stop). */
  loginToDownload: 'You must be logged in to download cheats.',
  downloadReady: 'Your download is ready.',
  openDownload: 'Open download link',
  downloadLink: 'Download link',
  timeline: 'Status timeline',
  publishedAs: (status: string) => `Published as ${status}`,
  /** Read between a change's two statuses by screen readers: "Undetected to Detected". */
  statusTo: 'to',
  /** Who made a status change; the name is a link put where {0} is. */
  by: (name: string) => `by ${name}`,
  formerStaff: 'a former staff member',
} as const);
