import { defineMessages } from '../i18n/define.ts';

/** A member's profile page: header, balances, tabs, feedback and posts (issue 41). */
export const profileUi = /* @__PURE__ */ defineMessages('profileUi', {
  loadFailed: 'Failed to load profile',
  backToHome: 'Back to home',
  loadingProfile: 'Loading profile…',
  sections: 'Profile sections',
  forumPosts: 'Forum Posts',
  socialFeedback: 'Social & Feedback',
  banned: 'Banned',
  joined: (date: string) => `Joined ${date}`,
  followers: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`,
  following: (n: number) => `${n.toLocaleString('en-US')} following`,
  editProfile: 'Edit Profile',
  mainCurrency: 'Main currency',
  marketplaceCurrency: 'Marketplace currency',
  trustLevel: (level: string) => `Trust level: ${level}`,
  feedback: 'Feedback',
  averageRating: 'Average rating',
  vouches: 'Vouches',
  noFeedback: 'No feedback yet',
  feedbackEntries: 'Feedback entries',
  formerMember: 'Former member',
  stars: (rating: number) => `${rating} out of 5 stars`,
  socialPosts: 'Social posts',
} as const);
