/** Every user-facing text of the spec lives here, so server and web say the same words. */
import { messages } from './common-messages.ts';
import { defineMessages } from './i18n/define.ts';

export { messages };

export const adminMessages = /* @__PURE__ */ defineMessages('adminMessages', {
  userNotFound: 'User ID not found',
  onlyAdminsChangeRoles: 'Only admins can change user roles',
  ownRole: 'You cannot change your own role',
  ownBan: 'You cannot ban yourself',
  moderatorBanAdmin: 'Moderators cannot ban or unban admins',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be positive',
  descriptionRequired: 'Description is required',
  onlyAdminsAddBalance: 'Only admins can add balance',
  loadUsersFailed: 'Failed to load users',
  addBalanceFailed: 'Failed to add balance',
  statusFailed: 'Failed to update user status',
  roleFailed: 'Failed to update user role',
  banned: 'User banned',
  unbanned: 'User unbanned',
  roleUpdated: 'User role updated',
  balanceAdded: 'Credits added successfully',
  noUsers: 'No users found',
  onlyAdminsRank: 'Only admins can change ranks',
  rankNotFound: 'Rank not found',
  rankUpdated: 'Rank updated',
  rankFailed: 'Failed to update rank',
} as const);

export const productMessages = /* @__PURE__ */ defineMessages('productMessages', {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  salesUrlRequired: 'Sales URL is required',
  salesUrlInvalid: 'Sales URL must start with http:// or https://',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be less than 5000 characters',
  imageUrlInvalid: 'Image URL must start with http:// or https://',
  notFound: 'Product not found',
  onlyAdminsCreate: 'Only admins can add products',
  onlyAdminsEdit: 'Only admins can edit products',
  onlyAdminsDelete: 'Only admins can delete products',
  onlyAdminsPin: 'Only admins can pin/unpin products',
  onlyAdminsStatus: 'Only admins can change product status',
  loadFailed: 'Failed to load products',
  detailFailed: 'Failed to load product details',
  saveFailed: 'Failed to save product',
  deleteFailed: 'Failed to delete product',
  updateFailed: 'Failed to update product',
  statusFailed: 'Failed to update product status',
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  pinned: 'Product pinned',
  unpinned: 'Product unpinned',
  activated: 'Product activated',
  deactivated: 'Product deactivated',
  empty: 'No products found',
  confirmDelete: 'Are you sure you want to delete this product? This action cannot be undone.',
} as const);

export const cheatMessages = /* @__PURE__ */ defineMessages('cheatMessages', {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 100 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be less than 5000 characters',
  gameRequired: 'Game is required',
  gameTooLong: 'Game must be less than 100 characters',
  downloadUrlRequired: 'Download link is required',
  downloadUrlInvalid: 'Download link must start with http:// or https://',
  notFound: 'Cheat not found',
  loginToDownload: 'You must be logged in to download cheats',
  onlyStaff: 'Only staff can publish or edit cheats',
  loadFailed: 'Failed to load cheats',
  detailFailed: 'Failed to load cheat details',
  downloadFailed: 'Failed to start the download',
  saveFailed: 'Failed to save cheat',
  deleteFailed: 'Failed to delete cheat',
  published: 'Cheat published successfully',
  updated: 'Cheat updated successfully',
  deleted: 'Cheat deleted successfully',
  empty: 'No cheats found',
  confirmDelete: 'Are you sure you want to delete this cheat? This action cannot be undone.',
} as const);

/** Spec §5 and §8 Social, plus the profile page's texts. */
export const socialMessages = /* @__PURE__ */ defineMessages('socialMessages', {
  autocompleteInvalid: 'Type the start of a username: letters, numbers, _ and -',
  contentRequired: 'Content is required',
  contentTooLong: 'Post must be at most 2000 characters',
  imageUrlInvalid: 'Image URL must start with http:// or https://',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: 'Comment must be at most 1000 characters',
  loginToPost: 'You must be logged in to post',
  loginToLike: 'You must be logged in to like posts',
  loginToComment: 'You must be logged in to comment',
  loginToFollow: 'You must be logged in to follow users',
  loginToViewPosts: 'You must be logged in to see posts',
  followSelf: 'You cannot follow yourself',
  deleteOwnPosts: 'You can only delete your own posts',
  deleteOwnComments: 'You can only delete your own comments',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  profileNotFound: 'Profile not found',
  invalidCursor: messages.invalidCursor,
  loadPostsFailed: 'Failed to load posts',
  followFailed: 'Failed to update follow status',
  createPostFailed: 'Failed to create post',
  likeFailed: 'Failed to like/unlike post',
  deletePostFailed: 'Failed to delete post',
  addCommentFailed: 'Failed to add comment',
  deleteCommentFailed: 'Failed to delete comment',
  followed: 'Following user',
  unfollowed: 'Unfollowed user',
  postCreated: 'Post created successfully',
  postDeleted: 'Post deleted successfully',
  commentDeleted: 'Comment deleted successfully',
  linkCopied: 'Link copied to clipboard',
} as const);

/** Image uploads (decision 023); "Please upload an image file" is the spec's avatar wording. */
export const uploadMessages = /* @__PURE__ */ defineMessages('uploadMessages', {
  loginToUpload: 'You must be logged in to upload images',
  notAnImage: 'Please upload an image file (PNG, JPEG, WebP, GIF or AVIF)',
  tooLarge: 'The image must be 8 MB or smaller',
  tooManyPixels: 'The image is too large: at most 40 megapixels',
  tooManyPixelsLossless: 'The image is too large: at most 16 megapixels for PNG, GIF and TIFF',
  busy: 'Many images are being uploaded right now. Please try again in a few seconds.',
  dailyQuota: (used: string, limit: string) =>
    `You've uploaded ${used} today; the daily limit is ${limit}. Please try again later.`,
  notFound: 'Image not found',
  deleted: 'Image deleted',
  deleteFailed: 'Failed to delete image',
  confirmDelete: 'Delete this image everywhere it is shown? This cannot be undone.',
  uploadFailed: 'Failed to upload image',
  uploading: 'Uploading image…',
} as const);

/** Spec §5 and §8 for edit profile, avatar, password change and settings, plus two-factor sign-in. */
export const accountMessages = /* @__PURE__ */ defineMessages('accountMessages', {
  noPasswordYet:
    'You sign in with a linked account, so there is no password to change. To add one, sign out and use "Forgot password?" on the sign-in page.',
  loginToUpdateProfile: 'You must be logged in to update your profile',
  bioTooLong: 'Bio must be at most 500 characters',
  onlyUsernameAndBio: 'Only username and bio can be changed here',
  notAnImage: 'Please upload an image file',
  imageTooLarge: 'The image must be 5 MB or smaller',
  avatarNotFound: 'Avatar not found',
  uploadAvatarFailed: 'Failed to upload avatar',
  updateProfileFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully',
  settingsSaved: 'Settings saved successfully',
  digestInvalid: 'Digest must be off, daily or weekly',
  localeInvalid: 'Choose a language from the list',
  saveSettingsFailed: 'Failed to save settings',
  loadSettingsFailed: 'Failed to load settings',
  loadLoginsFailed: 'Failed to load login history',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  newPasswordTooLong: 'New password must be at most 128 characters',
  newPasswordsMismatch: 'New passwords do not match',
  confirmNewPassword: 'Please confirm your new password',
  passwordChanged: 'Password changed successfully',
  changePasswordFailed: 'An error occurred while changing password',
  codeRequired: 'Authentication code is required',
  invalidCode: 'Invalid authentication code',
  invalidBackupCode: 'Invalid backup code',
  codeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyCodeAttempts: 'Too many attempts. Please sign in again.',
  accountLocked:
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already enabled',
  twoFactorNotEnabled: 'Two-factor sign-in is not enabled',
  twoFactorNotStarted: 'Start two-factor setup first',
  twoFactorEnabled: 'Two-factor sign-in enabled',
  twoFactorDisabled: 'Two-factor sign-in disabled',
  twoFactorFailed: 'Failed to update two-factor sign-in',
} as const);

/** Active sessions and security alerts (decision 020). */
export const sessionMessages = /* @__PURE__ */ defineMessages('sessionMessages', {
  sessionNotFound: 'Session not found',
  loadSessionsFailed: 'Failed to load sessions',
  signOutSessionFailed: 'Failed to sign out the session',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'Signed out of all other sessions',
  noOtherSessions: 'No other sessions',
  staffAlertsAlwaysOn: 'Security alerts are always on for staff accounts',
  notMeLinkInvalid: 'This link is invalid or has expired',
  notMeDone:
    'Every session of your account has been signed out and we sent a password reset link to your email.',
} as const);

/** Passkeys (WebAuthn, decision 038). */
export const passkeyMessages = /* @__PURE__ */ defineMessages('passkeyMessages', {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 50 characters',
  notFound: 'Passkey not found',
  registrationFailed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered',
  tooMany: 'You can have at most 20 passkeys',
  signInFailed: 'This passkey could not sign you in. Please try again.',
  invalidResponse: 'The passkey response is invalid',
  noPasskeys: 'No passkeys yet',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  addFailed: 'Failed to add the passkey',
  renameFailed: 'Failed to rename the passkey',
  removeFailed: 'Failed to remove the passkey',
  loadFailed: 'Failed to load passkeys',
  cancelled: 'The passkey prompt was closed before it finished',
  unsupported: 'This browser does not support passkeys',
} as const);

export const forumMessages = /* @__PURE__ */ defineMessages('forumMessages', {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  contentRequired: 'Content is required',
  contentTooLong: 'Content must be less than 10000 characters',
  replyRequired: 'Reply cannot be empty',
  replyTooLong: 'Reply must be less than 5000 characters',
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: 'Category name must be less than 50 characters',
  categoryNameTaken: 'A category with this name already exists',
  categoryNotFound: 'Category not found',
  threadNotFound: 'Thread not found',
  loginToPost: 'You must be logged in to post',
  loginToReply: 'You must be logged in to reply',
  loginToVote: 'You must be logged in to vote',
  loginToLike: 'You must be logged in to like replies',
  watching: 'You are watching this thread',
  notWatching: 'You are no longer watching this thread',
  deleteOwnOnly: 'You can only delete your own threads',
  onlyAdminsCategories: 'Only admins can manage forum categories',
  categoryCreated: 'Category created successfully',
  categoryDeleted: 'Category deleted successfully',
  categorySaveFailed: 'Failed to save category',
  categoryDeleteFailed: 'Failed to delete category',
  loadFailed: 'Failed to load threads',
  threadFailed: 'Failed to load thread',
  createFailed: 'Failed to create thread',
  replyFailed: 'Failed to post reply',
  voteFailed: 'Failed to vote',
  deleteFailed: 'Failed to delete thread',
  created: 'Thread created successfully',
  replied: 'Reply posted successfully',
  deleted: 'Thread deleted successfully',
  noThreads: 'No threads yet',
  noReplies: 'No replies yet',
  noCategories: 'No categories yet',
  noForumPosts: 'No forum posts yet',
  confirmDelete: 'Are you sure you want to delete this thread? This action cannot be undone.',
  threadLocked: 'This thread is locked',
  replyNotFound: 'Reply not found',
  editOwnOnly: 'You can only edit your own posts',
  deleteOwnRepliesOnly: 'You can only delete your own replies',
  moderatorsOnly: 'Only moderators can do this',
  loginToPreview: 'You must be logged in to preview',
  pinned: 'Thread pinned',
  unpinned: 'Thread unpinned',
  locked: 'Thread locked',
  unlocked: 'Thread unlocked',
  moved: 'Thread moved',
  edited: 'Changes saved',
  replyDeleted: 'Reply deleted',
  confirmDeleteReply: 'Are you sure you want to delete this reply? This action cannot be undone.',
  noRevisions: 'No earlier versions',
  latestThreads: 'Latest threads',
} as const);

export const notificationMessages = /* @__PURE__ */ defineMessages('notificationMessages', {
  notFound: 'Notification not found',
  empty: 'No new notifications',
  markAllRead: 'Mark all as read',
  loadFailed: 'Failed to load notifications',
  newMessageTitle: 'New message',
} as const);

export const marketplaceMessages = /* @__PURE__ */ defineMessages('marketplaceMessages', {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  gameRequired: 'Game is required',
  featuresRequired: 'Features are required',
  requirementsRequired: 'Requirements are required',
  descriptionTooShort: 'Description must be at least 20 characters',
  descriptionTooLong: 'Description must be at most 5000 characters',
  contentLinkRequired: 'Content link is required',
  contentLinkToast: 'You must provide a content link for the buyer',
  contentLinkInvalid: 'Content link must start with http:// or https://',
  imageUrlInvalid: 'Image URL must start with http:// or https://',
  priceTooLow: 'Price must be at least 1 credit',
  priceTooHigh: 'Price must be less than 100,000 credits',
  notFound: 'Listing not found',
  loginToCreate: 'You must be logged in to create a listing',
  loginToUpdate: 'You must be logged in to update a listing',
  loginToPurchase: 'You must be logged in to make a purchase',
  ownListing: 'You cannot purchase your own listing',
  purchaseFailed: 'Purchase failed. You may not have enough credits or the listing is no longer available.',
  priceChanged: (price: number) =>
    `The price changed to ${price.toLocaleString('en-US')} credits. Check the listing and try again.`,
  expectedPriceRequired: 'The price you saw is required',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another purchase. Send a new key.',
  noPermissionEdit: 'You do not have permission to edit this listing',
  noPermissionDelete: 'You do not have permission to delete this listing',
  alreadySold: 'This listing has already been sold and cannot be edited',
  onlyAdminsDelete: 'Only admins can delete listings',
  onlyAdminsPin: 'Only admins can pin/unpin listings',
  ratingRequired: 'Please select a rating',
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment must be at most 1000 characters',
  onlyBuyerFeedback: 'Only the buyer can leave feedback',
  feedbackGiven: 'You have already left feedback for this purchase',
  purchaseSuccess: 'Purchase successful!',
  purchaseError: 'Failed to complete purchase',
  deleted: 'Listing deleted successfully',
  deleteFailed: 'Failed to delete listing',
  created: 'Listing created successfully',
  createFailed: 'Failed to create listing',
  updated: 'Listing updated successfully',
  updateFailed: 'Failed to update listing',
  loadListFailed: 'Failed to load marketplace listings',
  loadDetailFailed: 'Failed to load listing details',
  loadFailed: 'Failed to load listing',
  vouchSubmitted: 'Vouch submitted successfully',
  vouchAwaitingReview: 'Vouch submitted: it awaits review by staff before it counts',
  awaitingReview: 'Awaiting review',
  vouchFailed: 'Failed to submit vouch',
  purchaseConfirm: 'Are you sure you want to purchase this item?',
  empty: 'No listings found',
  /** Issue 36 item 4: a listing's public text names a way to trade off the site. */
  offPlatformContact: (found: string) =>
    `Listings can't include Discord, Telegram, email or phone contacts (found ${found}): trades outside CheatMarket have no buyer protection`,
} as const);

/** What the contact detector found, as the refusal names it (issue 36 item 4). */
export const contactKindNames = {
  discord: 'a Discord handle or invite',
  telegram: 'a Telegram name or link',
  email: 'an email address',
  phone: 'a phone number',
} as const;

/** Buyer protection (issue 6): escrowed orders, disputes, settlements, the wallet. */
export const orderMessages = /* @__PURE__ */ defineMessages('orderMessages', {
  notFound: 'Order not found',
  onlyBuyerConfirm: 'Only the buyer can confirm delivery',
  onlyBuyerDispute: 'Only the buyer can open a dispute',
  notHeld: 'This order is no longer awaiting delivery',
  windowEnded: 'The buyer protection window for this order has ended',
  notDisputed: 'Only disputed orders can be settled',
  reasonTooShort: 'Reason must be at least 20 characters',
  reasonTooLong: 'Reason must be at most 2000 characters',
  noteRequired: 'A note is required',
  noteTooLong: 'Note must be at most 2000 characters',
  outcomeRequired: 'Choose how to settle the dispute',
  splitAmountInvalid: 'The buyer refund of a split must be between 1 and the price minus 1',
  onlyStaffSettle: 'Only staff can settle disputes',
  confirmed: 'Delivery confirmed. The seller has been paid.',
  confirmFailed: 'Failed to confirm delivery',
  confirmPrompt:
    'Confirm that you received what you bought? The seller will be paid and this cannot be undone.',
  disputed: 'Dispute opened. Our staff will review it.',
  disputeFailed: 'Failed to open dispute',
  settled: 'Dispute settled',
  settleFailed: 'Failed to settle dispute',
  heldSettled: 'Order settled',
  heldSettleFailed: 'Failed to settle order',
  loadFailed: 'Failed to load orders',
  empty: 'No orders yet',
  onlyStaffReveal: 'Only staff can reveal a content link',
  revealFailed: 'Failed to reveal the content link',
  revealOnlyDisputed: 'A content link is revealed to staff only while the order is under dispute',
  contentGone: 'The listing of this order no longer exists',
  sellerBanned: "The seller's account is suspended: the credits stay in escrow until staff settle the order",
} as const);

export const walletMessages = /* @__PURE__ */ defineMessages('walletMessages', {
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be positive',
  amountTooHigh: 'Amount must be at most 1,000,000',
  insufficientBalance: 'You do not have enough main balance',
  converted: 'Moved to marketplace credits',
  convertFailed: 'Failed to move balance',
  loadFailed: 'Failed to load wallet',
  emptyHistory: 'No wallet activity yet',
  accountLimit:
    "This would take the member's account past its limit of 1,000,000,000,000. Nothing was changed.",
} as const);

export const paymentMessages = /* @__PURE__ */ defineMessages('paymentMessages', {
  creditsRequired: 'Credits are required',
  creditsWhole: 'Credits must be a whole number',
  creditsPositive: 'Credits must be at least 1',
  creditsTooHigh: 'Credits must be at most 1,000,000,000',
  methodInvalid: 'Choose a payment method',
  methodUnavailable: 'This payment method is not available',
  belowMinimum: (min: number) => `The smallest top-up is ${min.toLocaleString('en-US')} credits`,
  aboveMaximum: (max: number) => `The largest top-up is ${max.toLocaleString('en-US')} credits`,
  accountNegative: 'Your credits are below zero after a chargeback: add credits to settle it first',
  processorFailed: 'The payment processor did not answer. Nothing was charged; try again in a minute.',
  depositNotFound: 'Deposit not found',
  notSandbox: 'This deposit is not a sandbox deposit',
  notPending: 'This deposit is no longer pending',
  signatureInvalid: 'Invalid webhook signature',
  webhookRetry: 'The payment processor could not be asked about this event: deliver it again later',
  created: 'Redirecting to checkout…',
  credited: (credits: number) => `${credits.toLocaleString('en-US')} credits added to your wallet`,
  loadFailed: 'Failed to load deposits',
  empty: 'No deposits yet',
  paidPartial: 'Paid only in part: nothing was credited. Contact support about the amount paid.',
  paidOver: 'Paid more than ordered: the credits ordered were added; staff have the rest on record.',
} as const);

export const withdrawalMessages = /* @__PURE__ */ defineMessages('withdrawalMessages', {
  creditsRequired: 'Credits are required',
  creditsWhole: 'Credits must be a whole number',
  creditsPositive: 'Credits must be at least 1',
  creditsTooHigh: 'Credits must be at most 1,000,000,000',
  methodInvalid: 'Choose a payout method',
  methodUnavailable: 'This payout method is not available',
  codeRequired: 'Authenticator code is required',
  codeInvalid: 'Invalid authenticator code',
  codeUsed: 'This code was already used: wait for the next one',
  twoFactorRequired: 'Turn on two-factor sign-in in Settings before withdrawing',
  destinationRequired: 'Payout address is required',
  destinationTooLong: 'Payout address must be at most 200 characters',
  destinationInvalid: 'Enter a valid Bitcoin address',
  noDestination: 'Add a payout address for this method first',
  destinationOnHold: (at: string) => `A new payout address can be used from ${at}`,
  belowMinimum: (min: number) => `The smallest withdrawal is ${min.toLocaleString('en-US')} credits`,
  notWithdrawable: (available: number) =>
    `Only ${available.toLocaleString('en-US')} credits are withdrawable: credits bought or granted can be spent but not withdrawn, and earnings wait in the reserve first`,
  openRequest: 'You already have a withdrawal waiting: wait for staff to decide it',
  accountNegative: 'Your credits are below zero after a chargeback: settle them before withdrawing',
  notFound: 'Withdrawal not found',
  notPending: 'This withdrawal has already been decided',
  onlyAdmins: 'Only admins can decide withdrawals',
  referenceRequired: 'A manual payout needs its reference',
  referenceTooLong: 'Reference must be at most 200 characters',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 1000 characters',
  requested: 'Withdrawal requested',
  destinationSaved: 'Payout address saved: it can be used in 24 hours',
  approved: 'Withdrawal approved',
  rejected: 'Withdrawal rejected',
  loadFailed: 'Failed to load withdrawals',
  empty: 'No withdrawals yet',
  queueEmpty: 'No withdrawals waiting',
} as const);

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

/** Spec §2 Tickets, §5 and §8 for tickets. */
export const ticketMessages = /* @__PURE__ */ defineMessages('ticketMessages', {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  messageTooShort: 'Message must be at least 20 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 5000 characters',
  notFound: 'Ticket not found or you do not have permission to view it',
  closed: 'This ticket is closed. Please create a new ticket if you need further assistance.',
  onlyStaffStatus: 'Only staff can update ticket status',
  loginToCreate: 'You must be logged in to create a ticket',
  createFailed: 'Failed to create ticket',
  loadFailed: 'Failed to load tickets',
  detailFailed: 'Failed to load ticket details',
  statusFailed: 'Failed to update ticket status',
  replyFailed: 'Failed to send reply',
  created: 'Ticket created successfully',
  replied: 'Reply sent',
  statusUpdated: 'Ticket status updated',
  empty: 'No tickets yet',
  emptyAdmin: 'No tickets found',
} as const);

export const directMessageTexts = /* @__PURE__ */ defineMessages('directMessageTexts', {
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 2000 characters',
  recipientRequired: 'Please choose a recipient',
  userNotFound: 'User not found',
  cannotMessageSelf: 'You cannot send a message to yourself',
  blockedByMe: 'You have blocked this user. Unblock them to send messages.',
  blockedByThem: 'This user is not accepting messages from you.',
  cannotBlockSelf: 'You cannot block yourself',
  loginToView: 'You must be logged in to view messages',
  loginToSend: 'You must be logged in to send messages',
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  deleteFailed: 'Failed to delete conversation',
  sent: 'Message sent successfully',
  deleted: 'Conversation deleted successfully',
  noConversations: 'No conversations yet.',
  noMessages: 'No messages yet. Start the conversation!',
  searchUsers: 'Search users...',
  noUsers: 'No users found.',
  confirmDelete:
    'Delete this conversation? All messages between you and this user will be removed for you. The other user keeps their copy.',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  /** Issue 36 item 4: shown to both sides on a message naming Discord, Telegram, an email or a phone. */
  offPlatformWarning: 'Trades outside CheatMarket have no buyer protection',
} as const);

/** Spec §8 site settings. */
export const siteSettingsMessages = /* @__PURE__ */ defineMessages('siteSettingsMessages', {
  onlyAdmins: 'You do not have permission to update site settings',
  loadFailed: 'Failed to load site settings',
  saveFailed: 'Failed to save site settings',
  saved: 'Site settings saved',
  feeRange: 'Marketplace fee must be between 0 and 50',
  colorInvalid: 'Colour must be a hex colour like #6366F1',
  hoursRange: 'Buyer protection must be between 1 and 720 hours',
  urlInvalid: 'Link must start with http:// or https://',
  currencyInvalid: 'Currency must be a three-letter code like USD',
  currencyNotInCents: 'Currency must be one counted in cents (two decimals), like USD or EUR',
  creditsPerUnitRange: 'Credits per currency unit must be between 1 and 10,000',
  topUpRange: 'Top-up limits must be whole numbers from 1 to 100,000,000, the minimum not above the maximum',
  reserveRange: 'The reserve must be between 0 and 90 days',
  withdrawalMinRange: 'The smallest withdrawal must be between 1 and 100,000,000 credits',
  withdrawalFeeRange: 'The withdrawal fee must be between 0 and 50 percent',
  addressHoldRange: 'The payout address hold must be between 0 and 168 hours',
  trustDaysRange: 'Days before a member is trusted more must be between 0 and 365',
  trustCountRange: 'Counts that unlock a level must be whole numbers from 0 to 1,000',
  trustLimitRange: 'Each limit must be a whole number from 0 to 100,000,000',
  reviewCountRange: 'The number of first posts reviewed must be between 0 and 50',
  spamDomainInvalid: 'Each spam domain must be a domain name like example.com',
  powCostRange: 'The proof-of-work cost must be between 1,000 and 10,000,000',
} as const);

/** Web Push (issue 37 item 4). */
export const pushMessages = /* @__PURE__ */ defineMessages('pushMessages', {
  subscriptionInvalid: 'This browser gave an invalid push subscription',
  kindInvalid: 'Choose notification kinds from the list',
  endpointRefused: 'Push notifications can only be sent to a public https push service',
  notFound: 'This device is not subscribed',
  turnedOn: 'Push notifications are on for this device',
  turnedOff: 'Push notifications are off for this device',
  saved: 'Push preferences saved',
  unsupported: "This browser can't receive push notifications",
  denied: 'Notifications are blocked for this site in your browser settings',
} as const);

/** Outgoing webhooks to Discord and Telegram (issue 37 item 5). */
export const hookMessages = /* @__PURE__ */ defineMessages('hookMessages', {
  kindInvalid: 'Choose Discord or Telegram',
  discordUrlInvalid: 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…)',
  botTokenInvalid: 'Enter the bot token @BotFather gave you (123456789:AA…)',
  chatIdInvalid: 'Enter a chat id (a number) or a channel name (@channel)',
  eventsRequired: 'Choose at least one event',
  eventsInvalid: 'Choose events from the list',
  refused: 'Webhooks can only be sent to a public https address',
  tooMany: 'You can have at most 5 webhooks',
  notFound: 'This webhook does not exist',
  notEnabled: 'This webhook is switched off: remove it and add it again',
  added: 'Webhook added',
  removed: 'Webhook removed',
  testQueued: 'Test message sent',
  disabledTitle: 'Webhook switched off',
  disabled: (label: string, reason: string) =>
    `Your ${label} kept failing and was switched off (${reason}). Remove it and add it again once it works.`,
  testText: 'Test message from CheatMarket: this webhook works.',
} as const);

/** Stock, license keys and the seller dashboard (issue 18). */
export const stockMessages = /* @__PURE__ */ defineMessages('stockMessages', {
  unitsInvalid: 'Quantity must be a whole number from 1 to 10',
  notEnoughStock: (left: number) => `Only ${left.toLocaleString('en-US')} left in stock`,
  stockInvalid: 'Stock must be a whole number from 1 to 10,000',
  thresholdInvalid: 'The low-stock warning must be a whole number from 1 to 10,000',
  stockOfKeys: "A key listing's stock is its keys: add keys to restock it",
  keysOnlyForKeyListings: 'This listing delivers a link, not license keys',
  keysRequired: 'Add at least one key, one per line',
  keysTooMany: 'Add at most 10,000 keys at a time',
  keysOverCapacity: 'A listing holds at most 10,000 keys in stock',
  keysBlank: (lines: string) => `Blank lines are not keys (line ${lines})`,
  keysTooLong: (lines: string) => `A key must be at most 200 characters (line ${lines})`,
  keysDuplicate: (lines: string) => `Duplicate keys (line ${lines})`,
  keysHiddenCharacters: (lines: string) =>
    `A key must not hold invisible or direction-changing characters (line ${lines})`,
  keysAlreadyListed: (lines: string) => `Already in this listing (line ${lines})`,
  onlySellerKeys: "Only the seller can manage this listing's keys",
  onlyBuyerKeys: 'Only the buyer can see the keys of this order',
  suspended: 'This listing is suspended',
  soldOut: 'Sold out',
  inStock: (n: number) => `${n.toLocaleString('en-US')} in stock`,
  quantity: 'Quantity',
  deliveryKind: 'Delivery',
  deliveryLink: 'One link (the same for every buyer)',
  deliveryKeys: 'License keys (each buyer gets their own)',
  keysLabel: 'License keys (one per line)',
  keysFile: 'Or upload a .txt file',
  keysAdded: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'key' : 'keys'} added`,
  keysWithdrawn: (n: number) => `${n.toLocaleString('en-US')} unsold ${n === 1 ? 'key' : 'keys'} withdrawn`,
  withdrawConfirm: 'Withdraw every unsold key of this listing? Buyers then cannot buy it until you add keys.',
  yourKeys: 'Your license keys',
  soldTo: (username: string) => `Sold to ${username}`,
  reservedFor: (username: string) => `Reserved for ${username} (in escrow)`,
  burned: 'Burned (refunded)',
  stockSaved: 'Stock saved',
  lowStockTitle: 'Low stock',
  lowStock: (title: string, left: number) => `${title} is down to ${left.toLocaleString('en-US')} in stock.`,
  dashboardTitle: 'Seller dashboard',
  dashboardEmpty: 'You have no listings yet',
  loadDashboardFailed: 'Failed to load the seller dashboard',
  exportCsv: 'Export sales (CSV)',
} as const);

/** Detection alerts (issue 18 item 4): watching cheats and cheat listings, and the buyer's dispute offer. */
export const watchMessages = /* @__PURE__ */ defineMessages('watchMessages', {
  loginToWatch: 'You must be logged in to watch',
  onlyCheatListings: 'Only cheat listings have a detection status',
  ownListing: 'You cannot watch your own listing',
  detectionRequired: 'Choose a detection status',
  watching: 'You will be alerted when its status changes',
  unwatched: 'You will no longer be alerted',
  watchFailed: 'Failed to update watch',
  detectionSaved: 'Detection status updated',
  detectionFailed: 'Failed to update detection status',
  /** The reason a one-click dispute from a detection alert is opened with (at least 20 characters). */
  detectedDisputeReason:
    'Listing marked detected: the seller marked this listing as detected during my buyer protection window.',
  disputeOfferGone: 'This order can no longer be disputed',
} as const);

/** Reputation you can trust (issue 18 item 5): feedback after release, the vouch-ring review. */
export const reputationMessages = /* @__PURE__ */ defineMessages('reputationMessages', {
  feedbackAfterRelease: 'You can leave feedback once the order is complete',
  reviewNotFound: 'Flagged feedback not found',
  alreadyReviewed: 'This feedback was already reviewed',
  onlyStaffReview: 'Only staff can review flagged feedback',
  approved: 'Feedback approved: it now counts',
  rejected: 'Feedback rejected: it stays out of the rating',
  reviewFailed: 'Failed to review feedback',
  loadFailed: 'Failed to load flagged feedback',
  empty: 'No flagged feedback',
} as const);

/** The review queue (issue 36 item 3): held posts, staff decisions, the author's notice. */
export const reviewMessages = /* @__PURE__ */ defineMessages('reviewMessages', {
  /** What the author sees once a post is held (the forms' notice and the pending cards). */
  awaitingReview: 'Your post is awaiting review by staff',
  awaitingReviewDetail: 'Only you can see it until a moderator approves it.',
  notFound: 'Review item not found',
  alreadyDecided: 'This item was already reviewed',
  onlyStaff: 'Only staff can review held posts',
  messageDecisions: 'A flagged message is dismissed, or its sender banned',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason must be 500 characters or fewer',
  approved: 'Approved: the post is published',
  dismissed: 'Dismissed',
  rejected: 'Rejected: the author was told why',
  rejectedAndBanned: 'Rejected, and the author is banned',
  decideFailed: 'Failed to review the item',
  loadFailed: 'Failed to load the review queue',
  empty: 'Nothing waits for review',
  approvedTitle: 'Your post was approved',
  rejectedTitle: 'Your post was not approved',
} as const);

/** Verified email (issue 36 item 1): the link, the banner and the resend. */
export const verifyEmailMessages = /* @__PURE__ */ defineMessages('verifyEmailMessages', {
  invalidLink: 'This verification link is invalid or has expired. Ask for a new one from the banner.',
  verified: 'Your email address is verified',
  alreadyVerified: 'Your email address is already verified',
  verifying: 'Verifying your email address…',
  resent: 'Verification email sent. Check your inbox.',
  resendLimited: 'You asked for several emails already. Wait a few minutes before asking again.',
  resendFailed: 'Could not send the verification email. Try again later.',
  bannerTitle: 'Verify your email address',
  bannerBody:
    'We sent you a link. Until you open it you cannot sell, withdraw, post links or message more than a few members a day, and we send you no emails except account emails.',
  resend: 'Resend email',
  backHome: 'Go to the home page',
} as const);

/** Bot defences (issue 36 item 5): the proof-of-work check and disposable addresses. */
export const antiBotMessages = /* @__PURE__ */ defineMessages('antiBotMessages', {
  missing: 'Complete the check that you are human, then try again',
  invalid: 'The human check failed. Please try again',
  stale: 'The human check expired. Please try again',
  reused: 'This human check was already used. Please try again',
  tooCheap: 'The human check is out of date. Please try again',
  solving: "Verifying you're human…",
  solveFailed: 'Could not complete the human check. Check your connection and try again',
  disposableEmail: 'Disposable email addresses cannot be used. Use an address you keep',
} as const);

/** The terms trust-level texts are built from (the `trust` site setting's unlock conditions). */
interface TrustTerms {
  memberAfterDays: number;
  memberAfterPosts: number;
  trustedAfterDays: number;
  trustedAfterSales: number;
}
type Level = 'new' | 'member' | 'trusted';
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const levelTitles: Record<Level, string> = { new: 'New', member: 'Member', trusted: 'Trusted' };
const levelPeople: Record<Level, string> = {
  new: 'New members',
  member: 'Members',
  trusted: 'Trusted members',
};
/** What reaching a level takes, as the unlock sentence names it. */
const howToReach = (level: Level, t: TrustTerms) =>
  level === 'member'
    ? `verify your email, be here ${plural(t.memberAfterDays, 'day')} and post ${plural(t.memberAfterPosts, 'time')}`
    : `be here ${plural(t.trustedAfterDays, 'day')} and complete ${plural(t.trustedAfterSales, 'sale')} with no lost disputes`;
/** " Links unlock when you reach Member: verify your email, …." or nothing when no level unlocks more. */
const unlock = (what: string, next: Level | null, t: TrustTerms) =>
  next ? ` ${what} when you reach ${levelTitles[next]}: ${howToReach(next, t)}.` : '';

/** Trust levels (issue 36 item 2): names, explanations and each limit's refusal, naming what unlocks it. */
export const trustMessages = /* @__PURE__ */ defineMessages('trustMessages', {
  levelTitles,
  levelExplained: {
    new: 'Just joined: links, messages to new contacts, listings and withdrawals are limited for now.',
    member: 'Verified, here a few days and posting: most limits are lifted.',
    trusted: 'Completed sales with no lost disputes: the highest limits.',
  } satisfies Record<Level, string>,
  links: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't post links yet.${unlock('Links unlock', next, t)}`
      : `${levelPeople[level]} can post at most ${plural(max, 'link')} in a post.${unlock('More unlock', next, t)}`,
  images: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't post images yet.${unlock('Images unlock', next, t)}`
      : `${levelPeople[level]} can post at most ${plural(max, 'image')} in a post.${unlock('More unlock', next, t)}`,
  newContacts: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't message new contacts yet.${unlock('Messages unlock', next, t)}`
      : `${levelPeople[level]} can message at most ${plural(max, 'new member')} a day. Try again tomorrow.${unlock('More unlock', next, t)}`,
  activeListings: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't list items yet.${unlock('Selling unlocks', next, t)}`
      : `${levelPeople[level]} can have at most ${plural(max, 'active listing')} at once.${unlock('More unlock', next, t)}`,
  priceCap: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    `${levelPeople[level]} can list items for at most ${plural(max, 'credit')}.${unlock('Higher prices unlock', next, t)}`,
  withdrawals: (level: Level, next: Level | null, t: TrustTerms) =>
    `${levelPeople[level]} can't withdraw yet.${unlock('Withdrawals unlock', next, t)}`,
  unverifiedLinks: 'Verify your email address to post links.',
  unverifiedSelling: 'Verify your email address to sell on the marketplace.',
  unverifiedWithdrawals: 'Verify your email address to withdraw.',
  unverifiedContacts: (max: number) =>
    max === 0
      ? 'Verify your email address to message new members.'
      : `Until you verify your email address you can message at most ${plural(max, 'new member')} a day.`,
  /** Staff: the admin Users screen's level control. */
  automatic: 'Automatic',
  levelSaved: 'Trust level updated',
  levelFailed: 'Failed to update trust level',
  levelLabel: 'Trust level',
  levelInvalid: 'Trust level must be new, member, trusted or automatic (null)',
  settingsSaved: 'Trust levels saved',
} as const);

/** Sign-in with Discord and with an OpenID Connect provider (issue 37). */
export const ssoMessages = /* @__PURE__ */ defineMessages('ssoMessages', {
  /** The button on the sign-in and sign-up pages (one wording: a first visit signs up, a later one signs in). */
  continueWith: (label: string) => `Continue with ${label}`,
  providerNotConfigured: 'This sign-in method is not available',
  /** The provider said no, the person cancelled, or the answer could not be used. */
  failed: (label: string) => `Signing in with ${label} did not work. Please try again.`,
  /** state or PKCE did not match: the sign-in was not started here, or was started twice. */
  expired: 'This sign-in has expired or was not started here. Please try again.',
  noEmail: (label: string) =>
    `${label} did not share an email address. Allow the email address and try again.`,
  emailInUse: (label: string) =>
    `An account already uses this email address. Sign in with your password, then link ${label} from Settings.`,
  alreadyLinkedElsewhere: (label: string) => `This ${label} account is linked to another member.`,
  alreadyLinked: (label: string) => `A ${label} account is already linked.`,
  notLinked: (label: string) => `No ${label} account is linked.`,
  lastWayIn:
    'You cannot unlink your only way to sign in. Set a password first (Forgot password on the sign-in page).',
  pendingExpired: 'This sign-up has expired. Please sign in again.',
  pickUsernameTitle: 'Choose a username',
  pickUsernameIntro: (label: string) =>
    `You signed in with ${label}. Choose the username other members will see.`,
  createAccount: 'Create account',
  linkedAccounts: 'Linked accounts',
  linkedAccountsIntro: 'Sign in with these as well as, or instead of, your password.',
  link: 'Link',
  unlink: 'Unlink',
  linked: (label: string) => `${label} account linked`,
  unlinked: (label: string) => `${label} account unlinked`,
  unlinkFailed: 'Failed to unlink the account',
  notLinkedYet: 'Not linked',
  or: 'or',
} as const);
