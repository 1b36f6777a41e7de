import { lazy, Suspense } from 'react';
import { useSiteSettings } from './api.ts';

const AnimationCanvas = lazy(() =>
  import('./animation-canvas.tsx').then((m) => ({ default: m.AnimationCanvas })),
);

/**
 * The site-wide animation overlay (spec §2 Global elements): snow, rain, sparkles or fire on a canvas
 * over every page when an admin enables it. It never takes clicks (pointer-events: none), is hidden
 * from assistive technology, pauses while the tab is hidden, and is not drawn at all for visitors who
 * prefer reduced motion (animation-canvas.tsx).
 */
export function AnimationOverlay() {
  const { data } = useSiteSettings();
  if (!data?.animations.enabled) return null;
  // The canvas code is fetched only when an animation is on: most visits never need it.
  return (
    <Suspense fallback={null}>
      <AnimationCanvas type={data.animations.type} />
    </Suspense>
  );
}
