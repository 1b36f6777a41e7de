/** The seller dashboard (issue 41): figures per listing, the last 30 days, stock and webhooks. */
import { defineMessages } from '../i18n/define.ts';

export const sellerUi = /* @__PURE__ */ defineMessages('sellerUi', {
  intro: 'Your listings, their stock and what they earned after fees.',
  unitsSold: 'Units sold',
  revenue: 'Revenue after fees',
  openDisputes: 'Open disputes',
  /** A key listing's keys: left, reserved, sold. */
  keysLine: (left: number, reserved: number, sold: number) =>
    `Keys: ${left} left · ${reserved} reserved · ${sold} sold`,
  manageKeys: 'Manage keys',
  lowStockUnder: 'Low-stock warning under',
  last30Days: 'Last 30 days',
  myListings: 'My listings',
  hooksRegion: 'Discord and Telegram',
  hooksIntro: 'Hear of your sales, disputes and low stock in a Discord channel or a Telegram chat.',
  chartLabel: 'Revenue per day, last 30 days',
  /** One bar of the sales chart: its day, units and credits. */
  chartBar: (date: string, units: number, revenue: number) => `${date}: ${units} units, ${revenue} credits`,
} as const);
