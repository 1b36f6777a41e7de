import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { cheatStatusChanges, cheats, products, profiles } from './schema/index.ts';
import { seedCover } from './seed-images.ts';

const DEMO_PRODUCTS = [
  {
    title: 'Phantom Aim Suite',
    description:
      'Humanised aim assistance with per-weapon smoothing, FOV limits and a stream-proof overlay.\nUpdated within hours of every game patch.',
    salesUrl: 'https://shop.example.com/phantom-aim',
    isPinned: true,
  },
  {
    title: 'Spectre ESP',
    description: 'Clean wallhack overlay: boxes, health bars, distance and loot filters.',
    salesUrl: 'https://shop.example.com/spectre-esp',
  },
  {
    title: 'Radar Lite',
    description: 'A minimal 2D radar for squads. Discontinued: kept for existing customers.',
    salesUrl: 'https://shop.example.com/radar-lite',
    status: 'inactive' as const,
  },
];

const DEMO_CHEATS = [
  {
    title: 'Valorant Vision',
    game: 'Valorant',
    description: 'Colour-based trigger and ESP for Valorant, running outside the game process.',
    status: 'undetected' as const,
    downloadUrl: 'https://files.example.com/valorant-vision.zip',
  },
  {
    title: 'Apex Sentinel',
    game: 'Apex Legends',
    description: 'Item ESP and recoil control for Apex Legends.',
    status: 'detected' as const,
    downloadUrl: 'https://files.example.com/apex-sentinel.zip',
  },
  {
    title: 'Rust Raider',
    game: 'Rust',
    description: 'Base and stash finder for Rust; under review after the last update.',
    status: 'other' as const,
    downloadUrl: 'https://files.example.com/rust-raider.zip',
  },
];

/** Demo catalogue and cheat board for a fresh database (called by seedDemo, which runs only when empty). */
export async function seedCatalogueDemo(db: Db) {
  const [admin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, 'admin'));
  const covers = admin ? await Promise.all(DEMO_PRODUCTS.map((_, i) => seedCover(db, admin.id, i))) : [];
  await db.insert(products).values(DEMO_PRODUCTS.map((p, i) => ({ ...p, imageUrl: covers[i] ?? null })));
  const made = await db
    .insert(cheats)
    .values(DEMO_CHEATS.map((c) => ({ ...c, publishedBy: admin?.id ?? null })))
    .returning({ id: cheats.id, status: cheats.status });
  await db
    .insert(cheatStatusChanges)
    .values(made.map((c) => ({ cheatId: c.id, fromStatus: null, toStatus: c.status, changedBy: admin?.id })));
}
