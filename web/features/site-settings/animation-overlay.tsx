import { lazy, Suspense, useEffect, useState } from 'react';
import { useSiteSettings } from './api.ts';

const AnimationCanvas = lazy(() =>
  import('./animation-canvas.tsx').then((m) => ({ default: m.AnimationCanvas })),
);

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(reducedMotionQuery).matches === true,
  );
  useEffect(() => {
    const media = window.matchMedia?.(reducedMotionQuery);
    if (!media) return;
    const onChange = () => setReduced(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * The site-wide animation overlay (spec §2 Global elements): snow, rain, sparkles or fire on a canvas
 * over every page when an admin enables it. It never takes clicks (pointer-events: none), is hidden
 * from assistive technology, pauses while the tab is hidden, and is not drawn at all for visitors who
 * prefer reduced motion.
 */
export function AnimationOverlay() {
  const { data } = useSiteSettings();
  const reduced = usePrefersReducedMotion();
  const enabled = data?.animations.enabled === true && !reduced;
  const type = data?.animations.type ?? 'snow';

  if (!enabled) return null;
  // The canvas code is fetched only when an animation is on: most visits never need it.
  return (
    <Suspense fallback={null}>
      <AnimationCanvas type={type} />
    </Suspense>
  );
}
