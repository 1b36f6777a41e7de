import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postPage } from '../../contract/social.ts';
import { serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the compiled response serializer', () => {
  const post = {
    id: '5b0d7c1e-0000-4000-8000-000000000001',
    content: 'Quotes " and \\ and </script> and emoji 🎯',
    imageUrl: null,
    createdAt: '2026-11-23 02:00:00.123456+00',
    likeCount: 3,
    commentCount: 0,
    likedByMe: true,
    followingAuthor: false,
    author: { id: 'a', username: 'someone', avatarUrl: null, email: 'private@example.com', role: 'admin' },
    passwordHash: 'never sent',
  };

  it('writes what zod wrote, and never an undeclared field at any depth', () => {
    const data = { items: [post, { ...post, imageUrl: '/uploads/x.webp' }], nextCursor: null, total: 99 };
    const out = compile(postPage)(data);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(postPage.parse(data))));
    expect(out).not.toContain('passwordHash');
    expect(out).not.toContain('private@example.com');
    expect(out).not.toContain('"total"');
  });

  it('keeps records, optional and nullable fields as zod did', () => {
    const schema = z.object({
      data: z.record(z.string(), z.string()),
      note: z.string().optional(),
      when: z.string().nullable(),
      tags: z.array(z.enum(['a', 'b'])),
    });
    const data = { data: { k: 'v' }, when: null, tags: ['a'], extra: 1 };
    expect(JSON.parse(compile(schema)(data))).toEqual({ data: { k: 'v' }, when: null, tags: ['a'] });
  });

  it('fails loudly, as zod did, when a required field is missing', () => {
    expect(() => compile(postPage)({ items: [{ ...post, id: undefined }], nextCursor: null })).toThrow();
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    const at = new Date('2026-11-23T02:00:00.000Z');
    expect(compile(schema)({ at, extra: 1 })).toBe('{"at":"2026-11-23T02:00:00.000Z"}');
  });
});
