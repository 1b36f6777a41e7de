/**
 * A cheat's detection status and its label. No zod here: listing cards show the label on the visitor's
 * first screen, and importing it from a schema module pulled the whole zod chunk into that screen.
 */
import { defineMessages } from './i18n/define.ts';
export const detectionStatuses = ['unknown', 'undetected', 'detected'] as const;
export type DetectionStatus = (typeof detectionStatuses)[number];

export const detectionStatusLabels: Record<DetectionStatus, string> = /* @__PURE__ */ defineMessages(
  'detectionStatusLabels',
  {
    undetected: 'Undetected',
    detected: 'Detected',
    unknown: 'Unknown',
  },
);
