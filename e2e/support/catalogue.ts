import { type APIRequestContext, expect } from '@playwright/test';
import { asAdmin } from './users.ts';

export interface SeededProduct {
  id: string;
  title: string;
  salesUrl: string;
}

/** Adds products the way an admin does, through the admin API; `inactive: true` deactivates one. */
export async function seedProducts(
  request: APIRequestContext,
  products: { title: string; description: string; salesUrl: string; inactive?: boolean }[],
): Promise<SeededProduct[]> {
  return asAdmin(request, async () => {
    const made: SeededProduct[] = [];
    for (const { inactive, ...body } of products) {
      const res = await request.post('/api/v1/admin/products', { data: body });
      expect(res.status(), await res.text()).toBe(201);
      const created = await res.json();
      if (inactive) {
        const off = await request.put(`/api/v1/admin/products/${created.id}/status`, {
          data: { status: 'inactive' },
        });
        expect(off.status()).toBe(200);
      }
      made.push({ id: created.id, title: body.title, salesUrl: body.salesUrl });
    }
    return made;
  });
}
