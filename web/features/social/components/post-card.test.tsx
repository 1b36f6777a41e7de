import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { socialMessages as m } from '../../../../contract/messages/social.ts';
import type { Post } from '../../../../contract/social.ts';
import { apiError, type Handler, held, json, renderApp, serveApi } from '../../../test/render.tsx';
import { feedKey, useFeed } from '../api.ts';
import { PostCard } from './post-card.tsx';

const bob = { id: 'u2', username: 'bob', avatarUrl: null, role: 'user' as const };

function post(id: string, over: Partial<Post> = {}): Post {
  return {
    id,
    content: `Post ${id}`,
    imageUrl: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    likeCount: 3,
    commentCount: 0,
    likedByMe: false,
    followingAuthor: false,
    author: bob,
    ...over,
  };
}

/** The feed as the posts page shows it, read through the real feed query; the viewer is u1. */
function Feed() {
  const { data } = useFeed('for-you', true);
  return (
    <>
      {data?.pages
        .flatMap((page) => page.items)
        .map((p) => (
          <PostCard key={p.id} post={p} viewerId="u1" />
        ))}
    </>
  );
}

/** The feed holds `posts` (a later read gets the same); `write` answers likes and follows. */
async function renderFeed(posts: Post[], write: Handler) {
  const server = serveApi((r) => {
    if (r.path === '/api/auth/get-session') return json(200, { user: { id: 'u1', username: 'ann' } });
    if (r.method === 'GET' && r.path.startsWith('/api/v1/posts?tab='))
      return json(200, { items: posts, nextCursor: null });
    return write(r);
  });
  const rendered = renderApp(<Feed />);
  await waitFor(() => expect(rendered.queryClient.getQueryData(feedKey('for-you'))).toBeDefined());
  return { ...rendered, server };
}

const likeButton = () => screen.getByRole('button', { name: /^(Like|Unlike) \(/ });

describe('like: at once on screen, the server’s count after, rolled back on failure', () => {
  it('shows the like before the server answers, then the server’s count', async () => {
    const answer = held();
    const { user, server } = await renderFeed([post('p1')], () => answer.response);
    expect(likeButton()).toHaveAccessibleName('Like (3 likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await user.click(likeButton());
    // No answer yet: the guess is on screen.
    expect(likeButton()).toHaveAccessibleName('Unlike (4 likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(server.writes()).toEqual(['PUT /api/v1/posts/p1/like']);

    // Others liked it meanwhile: the server's count replaces the guess.
    answer.release(json(200, { liked: true, likeCount: 7 }));
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Unlike (7 likes)'));
  });

  it('unlike is shown at once too', async () => {
    const answer = held();
    const { user, server } = await renderFeed([post('p1', { likedByMe: true })], () => answer.response);
    await user.click(likeButton());
    expect(likeButton()).toHaveAccessibleName('Like (2 likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(server.writes()).toEqual(['DELETE /api/v1/posts/p1/like']);
    answer.release(json(200, { liked: false, likeCount: 1 }));
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Like (1 likes)'));
  });

  it('a refused like is rolled back and said, with the server’s message', async () => {
    const answer = held();
    const { user } = await renderFeed([post('p1')], () => answer.response);
    await user.click(likeButton());
    expect(likeButton()).toHaveAccessibleName('Unlike (4 likes)');

    answer.release(apiError(403, 'FORBIDDEN', 'Your account is suspended'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is suspended');
    expect(likeButton()).toHaveAccessibleName('Like (3 likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('a failed unlike (no usable answer) is rolled back with the fallback text', async () => {
    const answer = held();
    const { user } = await renderFeed([post('p1', { likedByMe: true })], () => answer.response);
    await user.click(likeButton());
    expect(likeButton()).toHaveAccessibleName('Like (2 likes)');

    answer.release(new Response('Bad gateway', { status: 502 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.likeFailed);
    expect(likeButton()).toHaveAccessibleName('Unlike (3 likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('follow: shown once the server agrees, on every post of the author', () => {
  it('follows, says so, and marks all the author’s posts', async () => {
    const answer = held();
    const { user, server } = await renderFeed([post('p1'), post('p2')], () => answer.response);
    const [first] = screen.getAllByRole('button', { name: 'Follow bob' });
    await user.click(first as HTMLElement);
    await waitFor(() => expect(first).toBeDisabled());
    // Not optimistic: the label waits for the answer.
    expect(screen.getAllByRole('button', { name: 'Follow bob' })).toHaveLength(2);
    expect(server.writes()).toEqual(['PUT /api/v1/users/u2/follow']);

    answer.release(json(200, { following: true, followerCount: 1 }));
    expect(await screen.findByText(m.followed)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Unfollow bob' })).toHaveLength(2);
  });

  it('a refused follow keeps the button as it was and says why', async () => {
    const { user } = await renderFeed([post('p1', { followingAuthor: true })], () =>
      apiError(429, 'RATE_LIMITED', 'Too many requests, try again in a minute'),
    );
    await user.click(screen.getByRole('button', { name: 'Unfollow bob' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again in a minute');
    expect(screen.getByRole('button', { name: 'Unfollow bob' })).toBeEnabled();
  });

  it('no follow button on one’s own post', async () => {
    await renderFeed([post('p1', { author: { ...bob, id: 'u1', username: 'ann' } })], () => undefined);
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });
});
