import { defineMessages } from '../i18n/define.ts';

/** The home page's community widgets (issue 41): on the first screen, so only these words. */
export const homeSocialUi = /* @__PURE__ */ defineMessages('homeSocialUi', {
  communityStats: 'Community stats',
  members: 'Members',
  posts: 'Posts',
  downloads: 'Downloads',
  latestPosts: 'Latest posts',
  noPosts: 'No posts yet',
} as const);

/** The /posts page around the feed (a first screen: the post card's words are apart, in postCardUi). */
export const postsUi = /* @__PURE__ */ defineMessages('postsUi', {
  title: 'Community Posts',
  intro: 'Share news, wins and questions with the community.',
  feed: 'Feed',
  forYou: 'For You',
  following: 'Following',
  postsAwaiting: 'Your posts awaiting review',
  noFollowingPosts: 'No posts from people you follow',
  loadingMore: 'Loading more posts',
  signInTitle: 'Sign in to see posts',
  signInText:
    'The community feed is for members. Sign in or create a free account to read, post and comment.',
  signIn: 'Sign In',
  joinNow: 'Join Now',
} as const);

/** A post in the feed, its comments and the new-post form (members only). */
export const postCardUi = /* @__PURE__ */ defineMessages('postCardUi', {
  followUser: (username: string) => `Follow ${username}`,
  unfollowUser: (username: string) => `Unfollow ${username}`,
  deletePost: 'Delete post',
  copyFailed: 'Could not copy the link',
  likeCount: (n: number) => `Like (${n} likes)`,
  unlikeCount: (n: number) => `Unlike (${n} likes)`,
  commentCount: (n: number) => `Comments (${n})`,
  share: 'Share',
  deletePostTitle: 'Delete post?',
  deletePostConfirm: 'Are you sure you want to delete this post? This action cannot be undone.',
  commentsFailed: 'Failed to load comments',
  noComments: 'No comments yet',
  comments: 'Comments',
  deleteComment: 'Delete comment',
  showMoreComments: 'Show more comments',
  deleteCommentTitle: 'Delete comment?',
  deleteCommentConfirm: 'Are you sure you want to delete this comment? This action cannot be undone.',
  writeComment: 'Write a comment',
  writeCommentPlaceholder: 'Write a comment…',
  comment: 'Comment',
  newPost: 'New post',
  composerLabel: "What's on your mind?",
  composerPlaceholder: 'Share something with the community…',
  post: 'Post',
} as const);
