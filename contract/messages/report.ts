import { defineMessages } from '../i18n/define.ts';

export const reportMessages = /* @__PURE__ */ defineMessages('reportMessages', {
  loginToReport: 'You must be logged in to report content',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 1000 characters',
  targetNotFound: 'Content not found',
  ownContent: 'You cannot report your own content',
  submitted: 'Report submitted successfully',
  failed: 'Failed to submit report',
  // Staff moderation (spec §8 Admin; the success texts follow §8's list of admin toasts).
  notFound: 'Report not found',
  alreadyHandled: 'This report has already been handled',
  noAuthor: 'This content has no author to ban',
  onlyAdminsBan: 'Only admins can ban users from a report',
  loadFailed: 'Failed to load reports',
  resolveFailed: 'Failed to resolve report',
  dismissFailed: 'Failed to dismiss report',
  deleteFailed: 'Failed to delete content',
  banFailed: 'Failed to ban user',
  resolved: 'Report resolved',
  dismissed: 'Report dismissed',
  contentDeleted: 'Content deleted and report resolved',
  userBanned: 'User banned',
  empty: 'No reports found',
} as const);
